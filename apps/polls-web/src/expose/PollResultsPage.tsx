/** Exposed as `polls/PollResultsPage` (libs/polls/web). */
export { PollResultsPage as default } from '@intranet/polls-web';
