import { clientRoutes } from '@intranet/clients-contract';
import { peopleEvents, peopleRoutes, type ImportProgressEvent } from '@intranet/people-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

const N = 600;
/** Names take letters only (§5): the index spelled with a–j. */
const letters = (i: number) => [...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('');
const ref = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

/** A local 1C:ZUP-shaped OData server with N employees: every 50th has no e-mail (fails), the last is archived. */
function fakeZup(): Server {
  const staff = Array.from({ length: N }, (_, i) => ({
    Ref_Key: ref(10_000 + i),
    Code: String(i + 1).padStart(6, '0'),
    Description: `Worker ${i}`,
    ФизическоеЛицо_Key: ref(20_000 + i),
    ВАрхиве: i === N - 1,
    DeletionMark: false,
  }));
  const persons = staff.map((_, i) => ({
    Ref_Key: ref(20_000 + i),
    Фамилия: `Worker${letters(i)}`,
    Имя: 'Hr',
    Пол: 'Женский',
    КонтактнаяИнформация: i % 50 === 7 ? [] : [{ Тип: 'АдресЭлектроннойПочты', Представление: `w${i}@hrprog.test` }],
  }));
  return createServer((req, res) => {
    const m = /^\/zup\/odata\/standard\.odata\/([^?]+)\?/.exec(decodeURIComponent(req.url ?? ''));
    // No positions or assignment history published: the import places no one (issue 12, positions).
    const placements = m?.[1] === 'Catalog_Должности' || m?.[1] === 'InformationRegister_КадроваяИсторияСотрудников/SliceLast()' ? [] : null;
    const value = m?.[1] === 'Catalog_Сотрудники' ? staff : m?.[1] === 'Catalog_ФизическиеЛица' ? persons : placements;
    if (!value) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ value }));
  });
}

describe('load_hrm progress (issue 12: rows done / total and created / updated / unchanged / failed, to the caller)', () => {
  let t: TestPortal;
  let co: Awaited<ReturnType<TestPortal['makeClient']>>;
  let server: Server;
  const seen: BusEvent<ImportProgressEvent>[] = [];
  let off: () => Promise<void>;
  beforeAll(async () => {
    t = await sharedPortal();
    server = fakeZup();
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    co = await t.makeClient('hrprog');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/zup`;
    const set = await t.call(clientRoutes.clientUpdate, {
      token: co.superToken,
      params: { id: co.client._id },
      body: { taxNumber: '7701234567', hr: { url, login: 'hr', password: 'p' } },
    });
    assert.equal(set.status, 200);
    off = await on(t.portal.platform.bus, peopleEvents.importProgress, async (e) => {
      seen.push(e);
    });
  });
  afterAll(async () => {
    await off();
    server.close();
    await t.close();
  });

  const run = async () => {
    const importId = randomUUID();
    const r = await t.call(peopleRoutes.userLoadHrm, { token: co.adminToken, body: { importId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const mine = () => seen.filter((e) => e.data.importId === importId).map((e) => e.data);
    await eventually(() => mine().some((e) => e.phase === 'done'));
    return { result: r.body.result, events: mine() };
  };

  it('the first import: increasing progress, throttled, ending once with done === total and the counts of the answer', async () => {
    const { result, events } = await run();
    assert.equal(result.created, N - 1 - 12, JSON.stringify(result).slice(0, 400));
    assert.equal(result.failed.length, 12);
    assert.ok(events.length >= 2 && events.length <= 30, `${events.length} events`);
    const done = events.map((e) => e.done);
    assert.deepEqual(
      done,
      [...done].sort((a, b) => a - b),
    );
    const last = events.at(-1)!;
    assert.equal(last.phase, 'done');
    assert.equal(events.filter((e) => e.phase === 'done').length, 1);
    assert.equal(last.total, N);
    assert.equal(last.done, N);
    assert.deepEqual(last.counts, { created: result.created, updated: 0, unchanged: 0, fired: 0, failed: 12 });
    assert.deepEqual(last.userIds, [co.admin._id]);
  });

  it('a re-import reports the rows unchanged', async () => {
    const { result, events } = await run();
    assert.equal(result.unchanged, N - 1 - 12);
    assert.deepEqual(events.at(-1)!.counts, { created: 0, updated: 0, unchanged: result.unchanged, fired: 0, failed: 12 });
  });
});
