/**
 * Web pages of the polls domain (DESIGN §3 libs/<domain>/web): /polls, /poll/new (and ?edit={id}), /poll/{_id},
 * /poll/{_id}/results (§2). Exposed to the shell by the polls remote (apps/polls-web).
 */
export { default as PollsPage } from './PollsPage.tsx';
export { default as PollEditPage } from './PollEditPage.tsx';
export { default as PollPage } from './PollPage.tsx';
export { default as PollResultsPage } from './PollResultsPage.tsx';
export { default as PollsWidget } from './PollsWidget.tsx';
