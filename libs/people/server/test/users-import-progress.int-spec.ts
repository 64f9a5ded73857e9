import { peopleEvents, peopleRoutes, type ImportProgressEvent } from '@intranet/people-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

const csvOf = (prefix: string, n: number) =>
  ['firstName,lastName,email', ...Array.from({ length: n }, (_, i) => `Emp,Smith,${prefix}${i}@progress.test`)].join('\n');

describe('CSV import progress events (§7 register_many, evt.people.import.progress)', () => {
  let t: TestPortal;
  let co: Awaited<ReturnType<TestPortal['makeClient']>>;
  const seen: BusEvent<ImportProgressEvent>[] = [];
  let off: () => Promise<void>;
  beforeAll(async () => {
    t = await sharedPortal();
    co = await t.makeClient('progressco');
    off = await on(t.portal.platform.bus, peopleEvents.importProgress, async (e) => {
      seen.push(e);
    });
  });
  afterAll(async () => {
    await off();
    await t.close();
  });

  it('an import with an importId reports increasing progress ending with done === total, to the importing admin only', async () => {
    const importId = randomUUID();
    const r = await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv: csvOf('a', 500) + '\nBad,Row,not-an-email', importId } });
    assert.equal(r.status, 200);
    assert.equal(r.body.result.imported, 500);
    assert.equal(r.body.result.failed, 1);
    const mine = () => seen.filter((e) => e.data.importId === importId);
    await eventually(() => mine().some((e) => e.data.phase === 'done'));
    const events = mine();
    assert.ok(events.length >= 3, `throttled but moving: ${events.map((e) => e.data.done).join(',')}`);
    assert.ok(events.length <= 20, `throttled: ${events.length} events`);
    for (const e of events) {
      assert.equal(e.clientId, co.client._id);
      assert.deepEqual(e.data.userIds, [co.admin._id]);
      assert.equal(e.data.total, 501);
    }
    const done = events.map((e) => e.data.done);
    for (let i = 1; i < done.length; i++) assert.ok(done[i] > done[i - 1], `increasing: ${done.join(',')}`);
    assert.ok(done[0] < 501);
    const last = events.at(-1)!.data;
    assert.equal(last.phase, 'done');
    assert.equal(last.done, last.total);
    assert.equal(events.filter((e) => e.data.phase === 'done').length, 1);
  });

  it('an import without an importId sends no progress events', async () => {
    const before = seen.length;
    const r = await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv: csvOf('b', 500) } });
    assert.equal(r.status, 200);
    assert.equal(r.body.result.imported, 500);
    // A later import with an id marks the end: anything from the first would have arrived before it.
    const marker = randomUUID();
    await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv: csvOf('c', 1), importId: marker } });
    await eventually(() => seen.some((e) => e.data.importId === marker && e.data.phase === 'done'));
    // Only the marker's events (how many of them the throttle lets through depends on the machine's pace).
    assert.deepEqual([...new Set(seen.slice(before).map((e) => e.data.importId))], [marker]);
  });

  it('refuses an importId that is not a uuid', async () => {
    const r = await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv: csvOf('d', 1), importId: 'nope' } });
    assert.equal(r.status, 400);
  });
});
