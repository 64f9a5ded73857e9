/**
 * Web pages of the task tracker (DESIGN §3 libs/<domain>/web): /task-tracker/ and /desk/{_id} (§2), exposed to the
 * shell by the tasks remote (apps/tasks-web).
 */
export { default as TrackerPage } from './TrackerPage.tsx';
export { default as DeskPage } from './DeskPage.tsx';
