import type { DepartmentKind } from '@intranet/people-contract/structure';

/** Sort columns accepted by POST /api/user/filter/{workspace}. */
export type SortKey = 'lastName' | 'firstName' | 'email' | 'position' | 'department' | 'city' | 'created';

/** The employee list's search, page and sort (the body of POST /api/user/filter/{workspace}). */
export interface FilterState {
  search: string;
  page: number;
  limit: number;
  sort: SortKey;
  order: 'asc' | 'desc';
  deleted: boolean;
}

/**
 * Query keys of the people web (issue 31 §1): the only place they are written. Invalidate `peopleKeys.all` after any
 * change to users, `peopleKeys.structure(client)` after a structure change, `peopleKeys.vacations()` after a vacation's.
 */
export const peopleKeys = {
  all: ['people'] as const,
  filter: (workspace: string, f: FilterState) => [...peopleKeys.all, 'filter', workspace, f] as const,
  hrEmployees: (workspace: string, search: string) => [...peopleKeys.all, 'hr-employees', workspace, search] as const,
  hrFiles: (userId: string) => [...peopleKeys.all, 'hr-files', userId] as const,
  forClient: (clientId: string) => [...peopleKeys.all, 'forClient', clientId] as const,
  structure: (clientId: string) => [...peopleKeys.all, 'structure', clientId] as const,
  departments: (clientId: string, kind: DepartmentKind | 'all') => [...peopleKeys.structure(clientId), kind] as const,
  projects: (clientId: string) => [...peopleKeys.all, 'projects', clientId] as const,
  vacations: () => [...peopleKeys.all, 'vacations'] as const,
  vacationList: (dept: string, search: string) => [...peopleKeys.vacations(), dept, search] as const,
  /** The single sign-on providers of the working client (issue 37; GET api/sso/settings). */
  sso: (clientId: string) => [...peopleKeys.all, 'sso', clientId] as const,
  /** The client of the settings tabs (§3 Client, held by the clients service). */
  client: (id: string) => [...peopleKeys.all, 'client', id] as const,
  /** Every query of the clients web (another remote, whose keys start with its domain): reloaded after a client save. */
  clientsWeb: ['clients'] as const,
};
