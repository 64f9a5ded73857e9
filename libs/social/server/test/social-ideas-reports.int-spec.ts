import { socialRoutes } from '@intranet/social-contract';
import { sql } from '@intranet/platform-db';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { eventually } from '@intranet/platform-testing';
import { fieldMessages, outboxDrained, recordEvents } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;
type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

const IDEA = { author: 'Ann Employee', current: 'Paper forms', improvement: 'An online form', changes: 'Build the form', results: 'Faster approvals' };

/**
 * Everything written to stdout/stderr while `fn` runs (the portal's loggers write there), up to the line `flushed`
 * recognises: `mark` makes one more call after `fn`, and once its line is out, every line of `fn`'s calls is too.
 */
async function captureOutput<T>(fn: () => Promise<T>, mark: () => Promise<unknown>, flushed: (out: string) => boolean): Promise<{ out: string; result: T }> {
  const chunks: string[] = [];
  const orig = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const tap = (chunk: unknown, ...rest: unknown[]) => {
    chunks.push(String(chunk));
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  };
  process.stdout.write = tap as typeof process.stdout.write;
  process.stderr.write = tap as typeof process.stderr.write;
  try {
    const result = await fn();
    await mark();
    await eventually(() => flushed(chunks.join('')));
    return { out: chunks.join(''), result };
  } finally {
    process.stdout.write = orig.out;
    process.stderr.write = orig.err;
  }
}

describe('social: ideas (§3 Idea, §7 send_idea) and the anonymous violation report (§7 send_viol_report)', () => {
  let t: TestPortal;
  let a: Client;
  let other: Client;
  let ann: Emp;
  let bob: Emp;
  let eve: Emp;
  let events: Awaited<ReturnType<typeof recordEvents>>;
  // The debug portal's JSON log lines stay out of the test output (captureOutput reads them where it matters): debug
  // and info go to stdout, warn and error to stderr (a presence heartbeat timing out on a loaded machine, say).
  const loud = process.stdout.write.bind(process.stdout);
  const loudErr = process.stderr.write.bind(process.stderr);
  const quiet = (write: typeof loud) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      if (/^\{"level":/.test(String(chunk))) {
        (rest.find((r) => typeof r === 'function') as (() => void) | undefined)?.();
        return true;
      }
      return write(chunk as string, ...(rest as []));
    }) as typeof process.stdout.write;
  beforeAll(async () => {
    process.stdout.write = quiet(loud);
    process.stderr.write = quiet(loudErr);
    // debug: the gateway writes its per-call timing line, so the anonymous route's silence is a real test.
    t = await testPortal({ LOG_LEVEL: 'debug' });
    a = await t.makeClient('idea');
    other = await t.makeClient('ideb');
    ann = await t.makeEmployee(a.adminToken, 'ann@idea.test', { firstName: 'Ann' });
    bob = await t.makeEmployee(a.adminToken, 'bob@idea.test', { firstName: 'Bob' });
    eve = await t.makeEmployee(other.adminToken, 'eve@ideb.test');
    events = await recordEvents(t);
  });
  afterAll(async () => {
    await t.close();
    process.stdout.write = loud;
    process.stderr.write = loudErr;
  });

  it('§5: all five idea fields are required', async () => {
    const r = await t.call(socialRoutes.ideaSend, { token: ann.token, body: { author: ' ', current: 'x' } });
    assert.equal(r.status, 400);
    assert.deepEqual(fieldMessages(r.body), {
      author: 'Field is required',
      improvement: 'Field is required',
      changes: 'Field is required',
      results: 'Field is required',
    });
  });

  it('an idea is stored as new; the author sees their own, admins all; accepting raises evt.social.idea.accepted once', async () => {
    const s = await t.call(socialRoutes.ideaSend, { token: ann.token, body: IDEA });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    assert.equal(s.body.result.status, 'new');
    assert.equal(s.body.result.author_id, ann.user._id);
    await t.call(socialRoutes.ideaSend, { token: bob.token, body: { ...IDEA, author: 'Bob' } });
    const own = await t.call(socialRoutes.ideaList, { token: ann.token });
    assert.deepEqual(
      own.body.result.ideas.map((i: { author: string }) => i.author),
      ['Ann Employee'],
    );
    const all = await t.call(socialRoutes.ideaList, { token: a.adminToken });
    assert.equal(all.body.result.total, 2);
    const refused = await t.call(socialRoutes.ideaStatus, { token: ann.token, params: { id: s.body.result._id }, body: { status: 'accepted' } });
    assert.equal(refused.status, 403);
    const review = await t.call(socialRoutes.ideaStatus, { token: a.adminToken, params: { id: s.body.result._id }, body: { status: 'review' } });
    assert.equal(review.body.result.status, 'review');
    const ok = await t.call(socialRoutes.ideaStatus, { token: a.adminToken, params: { id: s.body.result._id }, body: { status: 'accepted' } });
    assert.equal(ok.body.result.status, 'accepted');
    await t.call(socialRoutes.ideaStatus, { token: a.adminToken, params: { id: s.body.result._id }, body: { status: 'accepted' } });
    await outboxDrained(t, events, bob, ann);
    const accepted = events.filter((e) => e.subject === 'evt.social.idea.accepted');
    assert.equal(accepted.length, 1);
    assert.equal(accepted[0]!.data.author_id, ann.user._id);
    const filtered = await t.call(socialRoutes.ideaList, { token: a.adminToken, query: { status: 'accepted' } });
    assert.equal(filtered.body.result.total, 1);
    // Another client: 404 on the id, nothing in its list.
    assert.equal(
      (await t.call(socialRoutes.ideaStatus, { token: other.adminToken, params: { id: s.body.result._id }, body: { status: 'rejected' } })).status,
      404,
    );
    assert.equal((await t.call(socialRoutes.ideaList, { token: other.adminToken })).body.result.total, 0);
  });

  it('§5: a report needs its text, and a name unless anonymous', async () => {
    const r = await t.call(socialRoutes.violReportSend, { token: bob.token, body: { anonymous: false, text: '' } });
    assert.equal(r.status, 400);
    assert.deepEqual(fieldMessages(r.body), { text: 'Field is required', name: 'Field is required' });
  });

  it('an anonymous report leaves no trace of its sender: not in the stored row, not in any log line, not in its event', async () => {
    const ip = '10.11.12.13';
    const agent = 'SenderAgent/7.7 (distinctive)';
    // What crosses the bus to the handlers: the gateway's requests are tapped on the portal's bus.
    type Envelope = { ctx: Record<string, unknown> };
    const bus = t.portal.platform.bus as unknown as { requestJson: (s: string, m: Envelope, o?: unknown) => Promise<unknown> };
    const original = bus.requestJson;
    const requests: { subject: string; ctx: Record<string, unknown> }[] = [];
    bus.requestJson = function (this: unknown, subject: string, m: Envelope, o?: unknown) {
      if (subject.startsWith('social.')) requests.push({ subject, ctx: m.ctx });
      return original.call(this, subject, m, o);
    };
    // Control: an ordinary call in the same capture does write the gateway's line, so the capture works.
    const { out, result } = await captureOutput(
      async () => {
        try {
          await t.call(socialRoutes.ideaList, { token: bob.token, ip, headers: { 'user-agent': agent } });
          return await t.call(socialRoutes.violReportSend, {
            token: bob.token,
            ip,
            headers: { 'user-agent': agent },
            body: { anonymous: true, name: 'Bob should not be kept', text: 'The warehouse door is propped open at night' },
          });
        } finally {
          bus.requestJson = original;
        }
      },
      // A later call of another route: its request line comes after every line of the calls above.
      () => t.call(socialRoutes.groupByClient, { token: ann.token, params: { id: a.client._id } }),
      (text) => text.includes('"route":"/api/group/byClient/:id"'),
    );
    // The handler receives the client only: no user, session, address or roles (the control call carries them).
    const control = requests.find((x) => x.subject === socialRoutes.ideaList.subject)!;
    assert.equal(control.ctx.userId, bob.user._id);
    const report = requests.find((x) => x.subject === socialRoutes.violReportSend.subject)!;
    assert.equal(report.ctx.clientId, a.client._id);
    assert.equal(report.ctx.userId, null);
    assert.deepEqual(report.ctx.roles, []);
    for (const k of ['ip', 'sessionId']) assert.equal(report.ctx[k], undefined, k);
    assert.ok(!JSON.stringify(report).includes(bob.user._id));
    assert.equal(result.status, 200, JSON.stringify(result.body));
    assert.match(result.body.result.day, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(result.headers['server-timing'], undefined);
    // Logging is on: the control call has its request line (JSON, issue 18 §6); nothing else names the sender.
    const lines = out.split('\n').filter(Boolean);
    const controlLines = lines.filter((l) => l.includes('"route":"/api/idea"'));
    assert.equal(controlLines.length, 1, out);
    const rest = lines.filter((l) => !controlLines.includes(l)).join('\n');
    for (const trace of ['send_viol_report', 'viol', bob.user._id, ip, agent, 'warehouse'])
      assert.ok(!rest.includes(trace), `log output names "${trace}":\n${rest}`);

    const rows = await t.portal.platform.db.asSystem(
      'spec: read the stored report',
      async (tx) =>
        (await tx.execute(sql`SELECT * FROM social.viol_reports WHERE client_id = ${a.client._id}::uuid`)) as unknown as { rows: Record<string, unknown>[] },
    );
    assert.equal(rows.rows.length, 1);
    const row = rows.rows[0]!;
    // Only these columns exist: no sender, session, address, agent or timestamp column.
    assert.deepEqual(Object.keys(row).sort(), ['anonymous', 'client_id', 'day', 'handled', 'id', 'name', 'text']);
    assert.equal(row.name, null);
    assert.equal(row.anonymous, true);
    assert.match(String(row.id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/, 'a random uuid v4, not a time-ordered v7');
    const dump = JSON.stringify(row);
    for (const trace of [bob.user._id, ip, agent, 'Bob']) assert.ok(!dump.includes(trace), `stored row holds "${trace}"`);
    // The day only (a date, no time of day).
    assert.ok(row.day instanceof Date ? row.day.getUTCHours() === 0 : /^\d{4}-\d{2}-\d{2}$/.test(String(row.day)), String(row.day));

    await outboxDrained(t, events, ann, bob);
    const sent = events.filter((e) => e.subject === 'evt.social.viol_report.sent');
    assert.equal(sent.length, 1);
    assert.deepEqual(Object.keys(sent[0]!.data), ['day']);
  });

  it('a signed report keeps the name the sender chose; admins list and mark reports handled; employees and other clients cannot', async () => {
    const s = await t.call(socialRoutes.violReportSend, { token: ann.token, body: { anonymous: false, name: 'Ann from sales', text: 'Signed report' } });
    assert.equal(s.status, 200);
    assert.equal((await t.call(socialRoutes.violReportList, { token: ann.token })).status, 403);
    const list = await t.call(socialRoutes.violReportList, { token: a.adminToken });
    assert.equal(list.body.result.total, 2);
    const signed = list.body.result.reports.find((r: { text: string }) => r.text === 'Signed report');
    assert.equal(signed.name, 'Ann from sales');
    assert.equal(signed.anonymous, false);
    const anon = list.body.result.reports.find((r: { anonymous: boolean }) => r.anonymous);
    assert.equal(anon.name, null);
    assert.equal((await t.call(socialRoutes.violReportHandled, { token: other.adminToken, params: { id: anon._id }, body: { handled: true } })).status, 404);
    assert.equal((await t.call(socialRoutes.violReportHandled, { token: ann.token, params: { id: anon._id }, body: { handled: true } })).status, 403);
    const h = await t.call(socialRoutes.violReportHandled, { token: a.adminToken, params: { id: anon._id }, body: { handled: true } });
    assert.equal(h.body.result.handled, true);
    const open = await t.call(socialRoutes.violReportList, { token: a.adminToken, query: { handled: '0' } });
    assert.deepEqual(
      open.body.result.reports.map((r: { text: string }) => r.text),
      ['Signed report'],
    );
    assert.equal((await t.call(socialRoutes.violReportList, { token: other.adminToken })).body.result.total, 0);
    assert.equal((await t.call(socialRoutes.violReportSend, { token: eve.token, body: { text: 'x' } })).status, 200);
    assert.equal((await t.call(socialRoutes.violReportList, { token: a.adminToken })).body.result.total, 2);
  });
});
