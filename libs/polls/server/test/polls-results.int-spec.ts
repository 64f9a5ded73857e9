// @slow 30s: two clients, a dozen employees, an Excel file written and parsed back.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { peopleRoutes } from '@intranet/people-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { sql } from '@intranet/platform-db';
import { POLL_CODES, pollsRoutes } from '@intranet/polls-contract';
import { excelWords } from '@intranet/polls-server';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { pollCalls, setUpPollsWorld, type Client, type Person } from './world.ts';

/**
 * §7 Polls results through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): §6 visibility of the
 * results per poll type, the anonymous design on the stored rows, the Excel file against the results, isolation.
 */
describe('polls results, Excel and isolation (§7 Polls, §6)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let head: Person;
  let sales: Person[];
  let dev: Person;
  const events: BusEvent[] = [];
  const { inject, person, publish, get, results, answer, full } = pollCalls(() => ({ t, acme }));

  beforeAll(async () => {
    ({ t, acme, other, head, sales, dev } = await setUpPollsWorld(events, sharedPortal, 'r'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('opened: recipients see everyone’s results; anonymous: depersonalised for managers only, hidden under 3 answers', async () => {
    const open = await publish(head.token, { name: 'Open one', type: 'opened', recipients: [] });
    assert.equal((await answer(sales[0]!.token, open, full(5))).status, 200);
    assert.equal((await answer(dev.token, open, full(3))).status, 200);
    const seen = await results(sales[1]!.token, open._id);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.result.scope, 'all');
    assert.equal(seen.body.result.rowsTotal, 2);
    assert.ok(seen.body.result.rows.every((r) => r.user && r.day));
    assert.equal(seen.body.result.notPassed, null, 'not-passed is for managers');

    const anon = await publish(head.token, { name: 'Mood, anonymously', type: 'anonymous', recipients: [{ target: 'all', level: 'read' }] });
    assert.equal((await answer(sales[0]!.token, anon, full(5))).status, 200);
    assert.equal((await answer(sales[1]!.token, anon, (q) => ({ [q[0]!._id]: 'B', [q[1]!._id]: 1 }))).status, 200);
    // A recipient who answered is told why (issue 29 §19: not "This poll is not for you"): §6 anonymous results
    // are for the poll's managers only.
    const refused = await results(sales[0]!.token, anon._id);
    assert.equal(refused.status, 403, 'anonymous results are for managers');
    assert.equal(refused.body.code, POLL_CODES.resultsManagersOnly);
    let r = await results(head.token, anon._id);
    assert.equal(r.body.result.scope, 'anonymous');
    assert.ok(r.body.result.questions.every((q) => q.hidden && !q.counts.some((c) => c.count) && !q.texts.length));
    assert.equal(r.body.result.rows.length, 0);
    assert.equal(r.body.result.notPassed, null, 'no not-passed tab for anonymous polls');
    assert.equal((await answer(dev.token, anon, (q) => ({ [q[0]!._id]: 'C', [q[1]!._id]: 3, [q[2]!._id]: q[2]!.answers[1]!._id }))).status, 200);
    r = await results(acme.adminToken, anon._id);
    const [name, rate, office] = r.body.result.questions;
    assert.equal(name!.hidden, false);
    assert.deepEqual([...name!.texts].sort(), ['B', 'C', 'Person 5']);
    assert.equal(rate!.average, 3);
    assert.equal(office!.hidden, true, 'only two answered the optional question');
    assert.equal(r.body.result.rowsTotal, 3);
    assert.ok(r.body.result.rows.every((row) => row.user === null && row.day === '' && !(office!._id in row.values)));
    assert.equal((await get(sales[0]!.token, anon._id)).body.result.myAnswer, null);
    assert.equal((await t.call(pollsRoutes.pollRemind, { token: head.token, params: { _id: anon._id } })).status, 403, 'no not-passed list to remind');

    // The stored rows: no user, no time finer than the day, random (v4) keys; who passed is a set apart.
    const db = t.portal.platform.db;
    const rows = await db.asSystem(
      'test: read anonymous answers',
      async (tx) =>
        (await tx.execute(sql`SELECT id::text, user_id, day::text AS day, answered_at FROM polls.answers WHERE poll_id = ${anon._id}`)) as unknown as {
          rows: { id: string; user_id: string | null; day: string; answered_at: unknown }[];
        },
    );
    assert.equal(rows.rows.length, 3);
    for (const row of rows.rows) {
      assert.equal(row.user_id, null);
      assert.equal(row.answered_at, null);
      assert.equal(row.day, new Date().toISOString().slice(0, 10));
      assert.equal(row.id[14], '4', `random v4 key: ${row.id}`);
    }
    const cols = await db.asSystem(
      'test: columns',
      async (tx) =>
        (await tx.execute(
          sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'polls' AND table_name IN ('answers', 'passed')`,
        )) as unknown as {
          rows: { table_name: string; column_name: string }[];
        },
    );
    assert.deepEqual(
      cols.rows
        .filter((c) => c.table_name === 'passed')
        .map((c) => c.column_name)
        .sort(),
      ['client_id', 'poll_id', 'user_id'],
    );
    const passedRows = await db.asSystem(
      'test: passed',
      async (tx) => (await tx.execute(sql`SELECT user_id::text FROM polls.passed WHERE poll_id = ${anon._id}`)) as unknown as { rows: { user_id: string }[] },
    );
    assert.deepEqual(passedRows.rows.map((p) => p.user_id).sort(), [sales[0]!.id, sales[1]!.id, dev.id].sort());
    // The database itself refuses an anonymous answer row with a user.
    await assert.rejects(
      db.asSystem('test: forge', (tx) =>
        tx.execute(
          sql`INSERT INTO polls.answers (id, client_id, poll_id, user_id, day, values) VALUES (gen_random_uuid(), ${acme.client._id}, ${anon._id}, ${dev.id}, current_date, '{}')`,
        ),
      ),
    );
  });

  it('the Excel export: an .xlsx whose summary and answers match the results (§8 codes on refusal)', async () => {
    const p = await publish(head.token, { name: 'Excel one', type: 'opened', recipients: [] });
    for (const [i, s] of sales.entries()) assert.equal((await answer(s.token, p, full(i + 1, i % 2))).status, 200);
    const res = (await results(head.token, p._id)).body.result;
    const ex = await t.call(pollsRoutes.pollExcel, { token: head.token, params: { poll_id: p._id }, query: { uid: head.id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    assert.match(ex.body.result.fileName, /\.xlsx$/);
    const file = await inject({ method: 'GET', url: ex.body.result.url });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const [summary, answers] = wb.worksheets;
    // Titles in the user's language (the profile's, as the gateway passes it).
    const words = excelWords((await t.call(peopleRoutes.userGet, { token: head.token, params: { id: head.id } })).body.result.lang);
    assert.equal(summary!.name, words.summary);
    const cells: [string, string, number | null][] = [];
    summary!.eachRow((row, n) => {
      if (n > 1) cells.push([String(row.getCell(1).value), String(row.getCell(2).value), row.getCell(3).value as number | null]);
    });
    for (const q of res.questions) {
      assert.deepEqual(
        cells.filter(([qq, a]) => qq === q.text && a === words.answered).map((c) => c[2]),
        [q.answered],
      );
      for (const c of q.counts) {
        assert.deepEqual(
          cells.filter(([qq, a]) => qq === q.text && a === c.label).map((x) => x[2]),
          [c.count],
          `${q.text} / ${c.label}`,
        );
      }
    }
    assert.equal(answers!.rowCount, 1 + res.rowsTotal);
    const header = (answers!.getRow(1).values as unknown[]).slice(1);
    assert.deepEqual(header, [words.respondent, words.day, ...p.questions.map((q) => q.text)]);
    const byName = new Map<string, unknown[]>();
    answers!.eachRow((row, n) => {
      if (n > 1) byName.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1));
    });
    for (const row of res.rows) {
      const x = byName.get(row.user!.name)!;
      assert.ok(x, row.user!.name);
      p.questions.forEach((q, i) => assert.equal(String(x[2 + i] ?? ''), row.values[q._id] ?? '', `${row.user!.name} / ${q.text}`));
    }
    // Someone else's export (uid) is for admins; a non-recipient gets none.
    assert.equal((await t.call(pollsRoutes.pollExcel, { token: sales[0]!.token, params: { poll_id: p._id }, query: { uid: head.id } })).status, 403);
    const other1 = await publish(head.token, { name: 'Closed to dev', type: 'closed', recipients: [{ target: 'manual', level: 'read', users: [dev.id] }] });
    assert.equal((await t.call(pollsRoutes.pollExcel, { token: sales[0]!.token, params: { poll_id: other1._id } })).status, 403);
  });

  it('isolation: another client sees, answers, exports and deletes none of it; delete is for the author or an admin', async () => {
    const p = await publish(head.token, { name: 'Secret poll', type: 'opened', recipients: [] });
    const them = await person(other, 'x@pollsother.test');
    for (const token of [other.adminToken, them.token]) {
      assert.equal((await get(token, p._id)).status, 404);
      assert.equal((await results(token, p._id)).status, 404);
      assert.equal((await answer(token, p, full(1))).status, 404);
      assert.equal((await t.call(pollsRoutes.pollExcel, { token, params: { poll_id: p._id } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollFinish, { token, params: { _id: p._id } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollUpdate, { token, params: { _id: p._id }, body: { name: 'Taken' } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollDelete, { token, params: { id: p._id } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollRemind, { token, params: { _id: p._id } })).status, 404);
    }
    const theirList = await t.call(pollsRoutes.pollAccessFor, { token: other.adminToken, params: { clientId: acme.client._id, userId: acme.admin._id } });
    assert.equal(theirList.status, 404);
    const own = await t.call(pollsRoutes.pollAccessFor, {
      token: other.adminToken,
      params: { clientId: other.client._id, userId: other.admin._id },
      query: { tab: 'mine' },
    });
    assert.equal(own.body.result.total, 0);
    assert.ok(!JSON.stringify(own.body).includes('Secret poll'));

    assert.equal((await t.call(pollsRoutes.pollDelete, { token: sales[0]!.token, params: { id: p._id } })).status, 403);
    const del = await t.call(pollsRoutes.pollDelete, { token: head.token, params: { id: p._id } });
    assert.equal(del.status, 200);
    assert.equal((await get(head.token, p._id)).status, 404);
  });
});
