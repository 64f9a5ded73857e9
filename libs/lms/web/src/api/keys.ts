/**
 * The lms web's query keys (issue 31 §1): the only place they are written. Every key starts with
 * `lmsKeys.all`, so invalidating it refreshes everything the domain shows.
 */
export const lmsKeys = {
  all: ['lms'] as const,
  /** The client's items (GET api/lms/items). */
  items: () => [...lmsKeys.all, 'items'] as const,
};
