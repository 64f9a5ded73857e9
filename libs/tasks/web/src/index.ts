/** Web pages of the tasks domain (DESIGN §3), exposed to the shell by apps/tasks-web. */
export { TasksPage } from './TasksPage.tsx';
