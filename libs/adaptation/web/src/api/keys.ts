/**
 * The adaptation web's query keys (issue 31 §1): the only place they are written. Every key starts with
 * `adaptationKeys.all`, so invalidating it refreshes everything the domain shows.
 */
export const adaptationKeys = {
  all: ['adaptation'] as const,
  /** The client's items (GET api/adaptation/items). */
  items: () => [...adaptationKeys.all, 'items'] as const,
};
