/** Exposed as `tasks/TrackerPage` (§2 /task-tracker/; libs/tasks/web). */
export { TrackerPage as default } from '@intranet/tasks-web';
