/** Exposed as `polls/PollsPage` (libs/polls/web). */
export { PollsPage as default } from '@intranet/polls-web';
