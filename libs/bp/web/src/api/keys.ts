/**
 * Query keys of the services pages (issue 31 §1): the only place they are written. `routeQuery` appends each call's
 * params and query, so a key here names a route's answers and invalidating it refreshes them all; any change of a
 * service, group or request invalidates `bpKeys.all`.
 */
export const bpKeys = {
  all: ['bp'] as const,
  groups: () => [...bpKeys.all, 'groups'] as const,
  catalogue: () => [...bpKeys.all, 'catalogue'] as const,
  byArticle: () => [...bpKeys.all, 'byArticle'] as const,
  asks: () => [...bpKeys.all, 'asks'] as const,
  service: (id: string) => [...bpKeys.all, 'service', id] as const,
  templates: () => [...bpKeys.all, 'templates'] as const,
  request: (id: string) => [...bpKeys.all, 'request', id] as const,
  byUser: () => [...bpKeys.all, 'byUser'] as const,
  byService: () => [...bpKeys.all, 'byService'] as const,
  /** Knowledge-base articles the article picker shows (kb's routes, cached under the services pages' keys). */
  article: (id: string) => [...bpKeys.all, 'article', id] as const,
  articles: () => [...bpKeys.all, 'articles'] as const,
};
