import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The kb domain's own part of the route-generic checks' fixture registry (the core kb entities live in
 * portal-testing): the assistant's bodies (issue 37). `askId` is a token the asker makes up, not an id.
 */
export default {
  entities: [],
  bodies: {
    'kb.assistant.ask': { body: () => ({ askId: crypto.randomUUID(), question: 'How do I order a laptop?' }) },
    'kb.assistant.configure': { body: () => ({ industry: 'Fixtures' }) },
  },
  create: async () => ({}),
} satisfies DomainFixtures;
