/**
 * Query keys of the polls web (issue 31 §1): the only place they are written. `routeQuery` appends each call's
 * params and query; invalidate `pollKeys.all` after any change of a poll (lists, the poll, its results).
 */
export const pollKeys = {
  all: ['polls'] as const,
  list: () => [...pollKeys.all, 'list'] as const,
  poll: (id: string) => [...pollKeys.all, 'poll', id] as const,
  results: (id: string) => [...pollKeys.all, 'results', id] as const,
  /** The recipients picker's people search (a people route, cached under polls; its body is not in the key, so `search` is). */
  users: (workspace: string, search: string) => [...pollKeys.all, 'users', workspace, search] as const,
};
