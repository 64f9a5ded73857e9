/**
 * Query keys of the task tracker (issue 31 §1): the only place they are written. `routeQuery` appends each call's
 * params and query, so a key here is the prefix to invalidate (`taskKeys.all` after any change of a board).
 */
export const taskKeys = {
  all: ['tasks'] as const,
  /** Board lists of /task-tracker/ (every filter and page). */
  desks: () => [...taskKeys.all, 'desks'] as const,
  /** "My tasks" lists (every filter and page). */
  myTasks: () => [...taskKeys.all, 'my'] as const,
  /** One board with its lanes and cards. */
  board: (id: string) => [...taskKeys.all, 'board', id] as const,
  /** One task in full. */
  task: (id: string) => [...taskKeys.all, 'task', id] as const,
  /** A task's comments (stored by the wall). */
  comments: (taskId: string) => [...taskKeys.all, 'comments', taskId] as const,
};
