/**
 * Query keys of the knowledge-base web (issue 31 §1): the only place they are written. `routeQuery` appends each
 * call's params and query; invalidate `kbKeys.all` after a change that may move lists, trees and counters.
 */
export const kbKeys = {
  all: ['kb'] as const,
  list: () => [...kbKeys.all, 'list'] as const,
  article: (id: string) => [...kbKeys.all, 'article', id] as const,
  crumbs: (id: string) => [...kbKeys.all, 'crumbs', id] as const,
  tree: () => [...kbKeys.all, 'tree'] as const,
  children: (folder: string) => [...kbKeys.all, 'children', folder] as const,
  tags: () => [...kbKeys.all, 'tags'] as const,
  links: () => [...kbKeys.all, 'links'] as const,
  responses: (id: string) => [...kbKeys.all, 'responses', id] as const,
  assistant: () => [...kbKeys.all, 'assistant'] as const,
};
