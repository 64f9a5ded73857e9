/**
 * The adaptation web's query keys (issue 31 §1): the only place they are written. Every key starts with
 * `adaptationKeys.all`, so invalidating it refreshes everything the domain shows.
 */
export const adaptationKeys = {
  all: ['adaptation'] as const,
  /** GET api/track (HR): every page of the tracks. */
  trackPages: () => [...adaptationKeys.all, 'tracks'] as const,
  /** GET api/track (HR): the tracks, a page of them. */
  tracks: (page: number) => [...adaptationKeys.trackPages(), page] as const,
  /** GET api/track/{id}: one track with stages, steps and problems. */
  track: (id: string) => [...adaptationKeys.all, 'track', id] as const,
  /** GET api/adaptation/track/{id}/members: the adaptations on a track. */
  members: (trackId: string, page: number) => [...adaptationKeys.all, 'members', trackId, page] as const,
  /** GET api/adaptation/track/{id}/analytics for a period. */
  analytics: (trackId: string, from: string, to: string) => [...adaptationKeys.all, 'analytics', trackId, from, to] as const,
  /** GET api/adaptation/list_for/{user_id}: a person's adaptations with their roles. */
  listFor: (userId: string, page: number) => [...adaptationKeys.all, 'listFor', userId, page] as const,
  /** GET api/adaptation/on_track/{id} and GET api/adaptation/on/{adapt_id}/as/{role}: one adaptation (all or one role's steps). */
  adaptation: (id: string, role: string) => [...adaptationKeys.all, 'adaptation', id, role] as const,
  /** What a step may point to, found by text: polls (polls' access_for, tab mine), courses (lms), articles (kb). */
  refs: (kind: 'poll' | 'course' | 'article', text: string) => [...adaptationKeys.all, 'refs', kind, text] as const,
  /** GET api/adaptation/{client_id}/settings. */
  settings: (clientId: string) => [...adaptationKeys.all, 'settings', clientId] as const,
};
