import { pollsRoutes } from '@intranet/polls-contract';
import type { DomainFixtures, World } from '@intranet/portal-testing/fixtures';

/** The fixture poll: opened, to everyone, one mandatory short question with the fixed id `q1`. */
const pollBody = (workspace: string) => ({
  name: `Poll of ${workspace}`,
  description: `Poll description of ${workspace}`,
  type: 'opened' as const,
  questions: [{ _id: 'q1', text: 'How are you?', mandatory: true, kind: 'short' as const }],
  recipients: [],
});

/** Recipients naming another client's users (issue 38 §6): a manual grant, a head grant. */
const foreignRecipients = {
  'recipients.0.users': (own: World, foreign: World) => ({
    ...pollBody(own.workspace),
    recipients: [{ target: 'manual', level: 'read', users: [foreign.ids.user] }],
  }),
  'recipients.0.value': (own: World, foreign: World) => ({
    ...pollBody(own.workspace),
    recipients: [{ target: 'head', level: 'read', value: foreign.ids.admin }],
  }),
};

/**
 * The polls domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one poll per client, made through the real routes, and which route params name it.
 */
export default {
  entities: ['poll'],
  // §7 Polls names the poll `{id}`, `{_id}` and `{poll_id}` (userId and clientId are the core entities).
  params: { _id: { entity: 'poll' }, poll_id: { entity: 'poll' } },
  idBySubject: { 'polls.poll.': 'poll' },
  bodies: {
    'polls.poll.create': { body: (w) => pollBody(w.workspace), refs: foreignRecipients },
    'polls.poll.update': { body: () => ({ name: 'Changed' }), refs: foreignRecipients },
    'polls.poll.answer': { body: () => ({ answers: { q1: 'Fine' } }) },
    'polls.poll.remind': { body: () => ({}) },
  },
  async create(t, w) {
    const made = await t.call(pollsRoutes.pollCreate, { token: w.adminToken, body: pollBody(w.workspace) });
    if (made.status !== 200) throw new Error(`fixture poll: ${made.status} ${JSON.stringify(made.body)}`);
    return { poll: made.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(pollsRoutes.pollResults, { token: w.adminToken, params: { id: w.ids.poll } });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Poll description of ${w.workspace}`],
} satisfies DomainFixtures;
