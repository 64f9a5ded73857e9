/** Exposed as `tasks/DeskPage` (§2 /desk/{_id}; libs/tasks/web). */
export { DeskPage as default } from '@intranet/tasks-web';
