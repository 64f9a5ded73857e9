/**
 * The task tracker's API as data (DESIGN §4; spec §3 Task board and Task, §4 Task board, §6, §7 Task tracker and the
 * generic module calls for the `desk` and `task` modules): error codes and texts (`codes.ts`), limits and schemas
 * (`schemas.ts`), routes (`routes.ts`), events and bus-only subjects (`events.ts`).
 */
export * from './codes.ts';
export { defineModule, moduleCall, type ModuleRef } from './modules.ts';
export {
  attachmentSchema,
  boardSchema,
  cardSchema,
  checkItemSchema,
  DESK_ROLES,
  DESK_STATUSES,
  deskFieldsSchema,
  deskSchema,
  hoursSchema,
  laneNameSchema,
  laneSchema,
  MEMBER_RIGHTS,
  memberSchema,
  myTaskSchema,
  PRIORITIES,
  TASK_TYPES,
  taskFieldsSchema,
  TASKS_LIMITS,
  taskSchema,
  taskUpdateSchema,
  type Board,
  type Card,
  type Desk,
  type DeskRole,
  type Task,
} from './schemas.ts';
export { desk, DESK_FILTERS, taskModule, tasksRoutes } from './routes.ts';
export { tasksEvents, tasksSubjects } from './events.ts';
