import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { MAILING_CODES, mailingRoutes } from '@intranet/notifications-contract/mailing';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { Directory, MAILING_QUEUE, MailingJobs, MailingRunner, MailingsRepository, mailingActions, type MailingRun } from '@intranet/notifications-server';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { sql } from '@intranet/platform-db';
import { JobQueue } from '@intranet/platform-jobs';
import type { Mailer } from '@intranet/platform-mail';
import { eventually, eventuallyPasses } from '@intranet/platform-testing';

const quiet = { warn: () => undefined, debug: () => undefined };

/**
 * §7 Mailings and §4 Mailing through the real gateway: every route (the two-parameter `{workspace}_{action}`
 * segment too), the start/restart/stop rules, validation codes, isolation between workspaces, and one run per cron
 * slot with two replicas (the portal's job worker and a second MailingJobs with its own job queue on the same database).
 */
describe('mailings (§7 Mailings, §4 Mailing)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let other: Awaited<ReturnType<TestPortal['makeClient']>>;
  /** Slots the test action ran, per mailing id (each must appear once). */
  const ran: { id: string; slot: string }[] = [];

  beforeAll(async () => {
    mailingActions.set('tick', async (run: MailingRun) => {
      ran.push({ id: run.mailing.id, slot: run.slot.toISOString() });
      return { ok: true };
    });
    mailingActions.set('tock', async () => ({ ok: true }));
    t = await testPortal();
    acme = await t.makeClient('mailacme');
    other = await t.makeClient('mailother');
  });
  afterAll(async () => {
    await t?.close();
    mailingActions.delete('tick');
    mailingActions.delete('tock');
  });

  it('routes: create (active starts), list, get, update rules, start/restart/stop by {workspace}_{action}, delete', async () => {
    const tok = acme.adminToken;
    const bad = await t.call(mailingRoutes.mailingCreate, { token: tok, body: { action: 'tock', schedule: 'every day', active: true } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].code, MAILING_CODES.scheduleInvalid);
    const unknown = await t.call(mailingRoutes.mailingCreate, { token: tok, body: { action: 'nosuch', schedule: '0 9 * * 1' } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.errors[0].code, MAILING_CODES.actionUnknown);

    const made = await t.call(mailingRoutes.mailingCreate, { token: tok, body: { action: 'tock', schedule: '0 9 * * 1', active: true } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const m = made.body.result;
    assert.equal(m.workspace, 'mailacme');
    assert.equal(m.running, true, 'active on creation starts the job');
    assert.ok(m.next);
    const dup = await t.call(mailingRoutes.mailingCreate, { token: tok, body: { action: 'tock', schedule: '0 10 * * 1' } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.errors[0].code, MAILING_CODES.mailingExists);

    const list = await t.call(mailingRoutes.mailingList, { token: tok });
    assert.deepEqual(
      list.body.result.map((x: { _id: string }) => x._id),
      [m._id],
    );
    assert.deepEqual((await t.call(mailingRoutes.mailingList, { token: tok, query: { workspace: 'mailother' } })).body.result, []);
    assert.equal((await t.call(mailingRoutes.mailingGet, { token: tok, params: { id: m._id } })).body.result.schedule, '0 9 * * 1');

    // Same schedule, inactive → stopped; active again → started; changed schedule → restarted with the new one.
    const off = await t.call(mailingRoutes.mailingUpdate, { token: tok, params: { id: m._id }, body: { active: false } });
    assert.equal(off.body.result.running, false);
    const on = await t.call(mailingRoutes.mailingUpdate, { token: tok, params: { id: m._id }, body: { active: true } });
    assert.equal(on.body.result.running, true);
    const moved = await t.call(mailingRoutes.mailingUpdate, { token: tok, params: { id: m._id }, body: { schedule: '30 8 * * *' } });
    assert.equal(moved.body.result.running, true);
    assert.equal(new Date(moved.body.result.next).getMinutes(), 30);

    const stop = await t.call(mailingRoutes.mailingStopJob, { token: tok, params: { workspace: 'mailacme', action: 'tock' } });
    assert.equal(stop.status, 200, JSON.stringify(stop.body));
    assert.equal(stop.body.result.stopped, 1);
    let got = (await t.call(mailingRoutes.mailingGet, { token: tok, params: { id: m._id } })).body.result;
    assert.equal(got.active, false);
    assert.equal(got.running, false);
    const restart = await t.call(mailingRoutes.mailingRestartJob, { token: tok, params: { workspace: 'mailacme', action: 'tock' } });
    assert.equal(restart.body.result.started, 1);
    got = (await t.call(mailingRoutes.mailingGet, { token: tok, params: { id: m._id } })).body.result;
    assert.equal(got.active, true);
    assert.equal(got.running, true);
    const start = await t.call(mailingRoutes.mailingStartJob, { token: tok, params: { workspace: 'mailacme' } });
    assert.equal(start.body.result.started, 1);
    assert.equal((await t.call(mailingRoutes.mailingStopJob, { token: tok, params: { workspace: 'mailacme', action: 'nosuch' } })).status, 404);

    // Isolation: another workspace's admin neither sees nor drives it; employees may not call the routes.
    const o = other.adminToken;
    assert.equal((await t.call(mailingRoutes.mailingGet, { token: o, params: { id: m._id } })).status, 404);
    assert.equal((await t.call(mailingRoutes.mailingStopJob, { token: o, params: { workspace: 'mailacme', action: 'tock' } })).status, 403);
    assert.equal((await t.call(mailingRoutes.mailingStartJob, { token: o, params: { workspace: 'mailacme' } })).status, 403);
    assert.equal((await t.call(mailingRoutes.mailingRemove, { token: o, params: { id: m._id } })).status, 404);
    const emp = await t.makeEmployee(tok, 'mailemp@mailacme.test');
    assert.equal((await t.call(mailingRoutes.mailingList, { token: emp.token })).status, 403);

    const del = await t.call(mailingRoutes.mailingRemove, { token: tok, params: { id: m._id } });
    assert.equal(del.status, 200);
    assert.equal((await t.call(mailingRoutes.mailingGet, { token: tok, params: { id: m._id } })).status, 404);
  });

  it('two replicas on one database run each slot once; a stopped mailing runs no more', async () => {
    // The second replica: another job queue and worker on the same database (as a second notifications-service).
    const replica = await t.db.replica();
    const queue = new JobQueue(replica, { log: quiet, pollingIntervalSeconds: 0.5 });
    const repo = new MailingsRepository();
    const mailer: Mailer = { send: async () => ({ via: 'outbox', id: '' }) };
    const second = new MailingJobs(queue, replica, quiet, new MailingRunner(replica, mailer, new Directory(t.portal.platform.bus), repo), repo);
    await second.ready();
    /** Slot jobs of the mailing not finished yet (queued, running or to retry). */
    const pending = async (id: string) =>
      (
        (await t.db.asSystem('spec', (tx) =>
          tx.execute(
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAILING_QUEUE} AND data->>'mailingId' = ${id} AND state IN ('created', 'retry', 'active')`,
          ),
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    try {
      const made = await t.call(mailingRoutes.mailingCreate, { token: acme.adminToken, body: { action: 'tick', schedule: '* * * * * *', active: true } });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const id = made.body.result._id;
      await eventuallyPasses(() => assert.ok(ran.filter((r) => r.id === id).length >= 4, `runs so far ${ran.length}`), 30_000, 100);
      await t.call(mailingRoutes.mailingStopJob, { token: acme.adminToken, params: { workspace: 'mailacme', action: 'tick' } });
      // The queued next slot runs, finds the mailing stopped and queues no other: then nothing can run any more.
      await eventually(async () => (await pending(id)) === 0, 15_000);
      const mine = ran.filter((r) => r.id === id);
      const slots = mine.map((r) => r.slot);
      assert.equal(new Set(slots).size, slots.length, `a slot ran twice: ${slots.join(', ')}`);
      const runs = await t.db.inTenant({ clientId: acme.client._id }, (tx) => repo.runs(tx, id, new Date(0)));
      assert.equal(runs.length, mine.length, 'one run row per slot');
      assert.ok(runs.every((r) => (r.result as { ok?: boolean })?.ok));
      assert.equal(await pending(id), 0, 'no slot queued after stopJob (either replica)');
    } finally {
      await queue.stop();
      await replica.close();
    }
  });

  it('digest: each employee with unread notifications gets one e-mail in their language; a slot already run is not run again', async () => {
    const ru = await t.makeEmployee(acme.adminToken, 'digest-ru@mailacme.test', { lang: 'ru' });
    const en = await t.makeEmployee(acme.adminToken, 'digest-en@mailacme.test', { lang: 'en' });
    await t.makeEmployee(acme.adminToken, 'digest-none@mailacme.test', { lang: 'en' });
    for (const title of ['First notice', 'Second notice']) {
      const r = await t.call(notificationsRoutes.notificationCreate, { token: acme.adminToken, body: { user_ids: [ru.user._id, en.user._id], title } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const made = await t.call(mailingRoutes.mailingCreate, { token: acme.adminToken, body: { action: 'digest', schedule: '0 9 * * 1', active: true } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const sent: { to: string; subject: string; text?: string }[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        sent.push({ to: String(m.to), subject: m.subject, text: m.text });
        return { via: 'outbox', id: String(sent.length) };
      },
    };
    const runner = new MailingRunner(t.db, mailer, new Directory(t.portal.platform.bus), new MailingsRepository());
    const slot = new Date('2026-11-30T09:00:00Z');
    assert.equal(await runner.runSlot(made.body.result._id, acme.client._id, '0 9 * * 1', slot), true);
    assert.equal(await runner.runSlot(made.body.result._id, acme.client._id, '0 9 * * 1', slot), false, 'the slot is taken');
    const byTo = new Map(sent.map((m) => [m.to, m]));
    assert.equal(byTo.get('digest-en@mailacme.test')?.subject, 'You have 2 unread notifications');
    assert.equal(byTo.get('digest-ru@mailacme.test')?.subject, 'У вас 2 непрочитанных уведомления');
    assert.match(byTo.get('digest-en@mailacme.test')!.text!, /Second notice/);
    assert.ok(!byTo.has('digest-none@mailacme.test'), 'nothing unread, no mail');
    const [run] = await runner.runs(acme.client._id, made.body.result._id);
    assert.deepEqual(run!.result, { sent: sent.length, failed: 0 });
    await t.call(mailingRoutes.mailingRemove, { token: acme.adminToken, params: { id: made.body.result._id } });
  });
});
