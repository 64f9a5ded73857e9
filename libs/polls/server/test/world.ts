import assert from 'node:assert/strict';
import { peopleRoutes } from '@intranet/people-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { pollsEvents, pollsRoutes, type Poll, type PollResults } from '@intranet/polls-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** How the world's portal starts: `testPortal`, or `sharedPortal` for a spec file that shares the worker's (ADR 0013). */
type Open = (overrides?: Partial<Record<string, string>>) => Promise<TestPortal>;

export type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
/** An employee of a polls spec: the user id and a token. */
export interface Person {
  id: string;
  token: string;
}

/** The people of the polls specs: acme (a head who manages polls, four of Sales, one of IT) and another client. */
export interface PollsWorld {
  t: TestPortal;
  acme: Client;
  other: Client;
  head: Person;
  sales: Person[];
  dev: Person;
}

/** Five questions, one of each kind; the first two mandatory. */
export const questions = () => [
  { text: 'Your name for the record', mandatory: true, kind: 'short' },
  { text: 'Rate the quarter', mandatory: true, kind: 'range', range: 5 },
  { text: 'Best office', mandatory: false, kind: 'single', answers: [{ text: 'Kyiv' }, { text: 'Lviv' }] },
  { text: 'Which tools', mandatory: false, kind: 'multiple', answers: [{ text: 'Jira' }, { text: 'Slack' }, { text: 'Excel' }] },
  { text: 'Anything else', mandatory: false, kind: 'long' },
];

/**
 * The polls specs' calls over a started world (`w()` inside tests): create/publish/get/results/answer a poll, a
 * person of a client, a /polls tab of a person, a raw HTTP request (`inject`), and `full(n, office)` answers.
 */
export function pollCalls(w: () => Pick<PollsWorld, 't' | 'acme'>) {
  const t = () => w().t;
  const inject = (o: object) =>
    t()
      .portal.app.getHttpAdapter()
      .getInstance()
      .inject(o as never);

  const person = async (c: Client, email: string, extra: Record<string, unknown> = {}): Promise<Person> => {
    const e = await t().makeEmployee(c.adminToken, email, extra);
    return { id: e.user._id, token: e.token };
  };
  const create = (token: string, body: Record<string, unknown>) => t().call(pollsRoutes.pollCreate, { token, body });
  const publish = async (token: string, body: Record<string, unknown>): Promise<Poll> => {
    const r = await create(token, { questions: questions(), ...body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const get = (token: string, id: string) => t().call(pollsRoutes.pollGet, { token, params: { id } });
  const results = async (token: string, id: string): Promise<{ status: number; body: { result: PollResults } & Record<string, any> }> =>
    t().call(pollsRoutes.pollResults, { token, params: { id } });
  const answer = (token: string, p: Poll, values: (q: Poll['questions']) => Record<string, unknown>) =>
    t().call(pollsRoutes.pollAnswer, { token, params: { _id: p._id }, body: { answers: values(p.questions) } });
  const full =
    (n: number, office = 0) =>
    (q: Poll['questions']) => ({
      [q[0]!._id]: `Person ${n}`,
      [q[1]!._id]: n,
      [q[2]!._id]: q[2]!.answers[office]!._id,
      [q[3]!._id]: [q[3]!.answers[0]!._id, q[3]!.answers[2]!._id],
    });
  const list = (p: Person | Client, tab: string, search?: string) => {
    const token = 'token' in p ? p.token : p.adminToken;
    const userId = 'id' in p ? p.id : p.admin._id;
    return t().call(pollsRoutes.pollAccessFor, {
      token,
      params: { clientId: w().acme.client._id, userId },
      query: { tab, ...(search ? { search } : {}) },
    });
  };

  return { inject, person, create, publish, get, results, answer, full, list };
}

/**
 * Starts the portal and makes the world: acme with its head (made a head and, after a refused create, a poll
 * manager), four of Sales (department spelled three ways), one of IT, and another client. Every polls event lands
 * in `events`.
 */
export async function setUpPollsWorld(events: BusEvent[], open: Open = testPortal, tag = ''): Promise<PollsWorld> {
  const t = await open();
  const { person } = pollCalls(() => ({ t, acme }));
  const acme = await t.makeClient(`pollsacme${tag}`);
  const other = await t.makeClient(`pollsother${tag}`);
  const head = await person(acme, `head@pollsacme${tag}.test`, { department: 'Sales', position: 'Head of sales' });
  const made = await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: head.id, role: 'head' } });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  // §6: a department head is no poll manager until an administrator grants the role.
  head.token = (await t.login(`head@pollsacme${tag}.test`, 'employee1')).token;
  const early = await t.call(pollsRoutes.pollCreate, {
    token: head.token,
    body: { name: 'Not yet', type: 'opened', questions: [{ text: 'Why?', mandatory: true, kind: 'short' }] },
  });
  assert.equal(early.status, 403, JSON.stringify(early.body));
  const manager = await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: head.id, role: 'poll_manager' } });
  assert.equal(manager.status, 200, JSON.stringify(manager.body));
  head.token = (await t.login(`head@pollsacme${tag}.test`, 'employee1')).token;
  const sales: Person[] = [];
  const names = ['Anna', 'Boris', 'Clara', 'Dmytro'];
  for (let i = 0; i < 4; i++) {
    sales.push(await person(acme, `sales${i}@pollsacme${tag}.test`, { firstName: names[i], department: i % 2 ? 'sales' : 'Sales ', city: 'Kyiv' }));
  }
  const dev = await person(acme, `dev@pollsacme${tag}.test`, { department: 'IT', city: 'Lviv' });
  for (const def of Object.values(pollsEvents)) {
    await on(t.portal.platform.bus, def, async (e) => {
      events.push(e);
    });
  }
  return { t, acme, other, head, sales, dev };
}
