/**
 * The analytics web's query keys (issue 31 §1): the only place they are written. Every key starts with
 * `analyticsKeys.all`, so invalidating it refreshes everything the domain shows.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  /** One report tab of a client over a period (GET api/analytics/<tab>/{id}). */
  report: (tab: string, clientId: string, from: string, to: string) => [...analyticsKeys.all, 'report', tab, clientId, from, to] as const,
  /** Mood statistics (GET api/mood/stat/{client}/{from}/{to}). */
  mood: (clientId: string, from: string, to: string) => [...analyticsKeys.all, 'mood', clientId, from, to] as const,
  /** The client's mood analysis period (GET api/mood/settings/{client}). */
  moodSettings: (clientId: string) => [...analyticsKeys.all, 'moodSettings', clientId] as const,
};
