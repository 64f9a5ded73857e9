/** Exposed as `polls/PollEditPage` (libs/polls/web). */
export { PollEditPage as default } from '@intranet/polls-web';
