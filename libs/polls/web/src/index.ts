/** Web pages of the polls domain (DESIGN §3), exposed to the shell by apps/polls-web. */
export { PollsPage } from './PollsPage.tsx';
