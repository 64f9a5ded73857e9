/** Exposed as `polls/PollPage` (libs/polls/web). */
export { PollPage as default } from '@intranet/polls-web';
