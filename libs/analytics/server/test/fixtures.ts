import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The analytics domain's part of the route-generic checks' fixture registry: its routes name only core entities
 * (the client as `{id}`, `{client_id}`, `{client}`; the user as `{id}` of mood check) and days.
 */
export default {
  entities: [],
  params: { client: { entity: 'client' } },
  idBySubject: { 'analytics.report.': 'client', 'analytics.mood.stat': 'client', 'analytics.moodSettings.': 'client', 'analytics.mood.check': 'user' },
  bodies: {
    'analytics.session.record': {
      body: () => ({ sessions: [{ sessionStart: new Date(Date.now() - 60_000).toISOString(), currentTime: new Date().toISOString() }] }),
    },
    'analytics.module.record': { body: () => ({ visits: [{ moduleName: 'wall', date: new Date().toISOString() }] }) },
    'analytics.mood.rate': { body: () => ({ rating: 7 }) },
    'analytics.moodSettings.set': { body: () => ({ periodWeeks: 1 }) },
  },
  async create() {
    return {};
  },
} satisfies DomainFixtures;
