/** Exposed as `polls/PollsWidget` (libs/polls/web): the wall's polls widget. */
export { PollsWidget as default } from '@intranet/polls-web';
