/** Exposed as `tasks/TasksPage` (libs/tasks/web). */
export { TasksPage as default } from '@intranet/tasks-web';
