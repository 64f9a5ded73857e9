export { TasksModule } from './tasks.module.ts';
export { desks, deskPeople, lanes, tasks } from './schema.ts';
