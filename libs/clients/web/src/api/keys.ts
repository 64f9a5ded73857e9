/** Query keys of the clients web (issue 31 §1): the only place they are written. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (search: string) => [...clientKeys.lists(), search] as const,
  client: (id: string) => [...clientKeys.all, 'client', id] as const,
  journal: (clientId: string) => [...clientKeys.all, 'journal', clientId] as const,
  stat: (id: string) => [...clientKeys.all, 'stat', id] as const,
  filestat: (id: string) => [...clientKeys.all, 'filestat', id] as const,
  hangedFiles: (id: string) => [...clientKeys.all, 'hangedFiles', id] as const,
  jobs: (id: string) => [...clientKeys.all, 'jobs', id] as const,
  application: () => [...clientKeys.all, 'application'] as const,
  /** The admin panel's "all data" tab: a generic module's records of the workspace, and one of them. */
  moduleList: (workspace: string, module: string, page: number) => [...clientKeys.all, 'module', workspace, module, 'list', page] as const,
  /** A module's records under one parent record (a course's lessons or tests: GET api/{module}?course_id). */
  moduleChildren: (workspace: string, module: string, parent: string) => [...clientKeys.all, 'module', workspace, module, 'of', parent] as const,
  moduleRecord: (workspace: string, module: string, id: string) => [...clientKeys.all, 'module', workspace, module, id] as const,
};
