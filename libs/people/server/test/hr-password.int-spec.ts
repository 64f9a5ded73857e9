import { clientRoutes } from '@intranet/clients-contract';
import { SealHrPasswords } from '@intranet/clients-server';
import { allRoutes } from '@intranet/gateway-server';
import { peopleRoutes } from '@intranet/people-contract';
import { isSealed } from '@intranet/platform-config';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { sql } from 'drizzle-orm';

const PASSWORD = 'Zup-Pa55-7f3a91';
const ref = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

/** A local server in 1C:ZUP's standard OData shape that answers only HTTP Basic hr:PASSWORD (else 401). */
function fakeZup() {
  const auths: string[] = [];
  const server: Server = createServer((req, res) => {
    auths.push(req.headers.authorization ?? '');
    if (req.headers.authorization !== `Basic ${Buffer.from(`hr:${PASSWORD}`).toString('base64')}`) return void res.writeHead(401).end();
    const m = /^\/zup\/odata\/standard\.odata\/([^?]+)\?/.exec(decodeURIComponent(req.url ?? ''));
    const catalogs: Record<string, unknown[]> = {
      Catalog_Сотрудники: [{ Ref_Key: ref(1), Code: '0001', Description: 'Ivanov', ФизическоеЛицо_Key: ref(2), ВАрхиве: false, DeletionMark: false }],
      Catalog_ФизическиеЛица: [
        {
          Ref_Key: ref(2),
          Фамилия: 'Ivanov',
          Имя: 'Ivan',
          Пол: 'Мужской',
          КонтактнаяИнформация: [{ Тип: 'АдресЭлектроннойПочты', Представление: 'ivanov@sec.test' }],
        },
      ],
      Catalog_Должности: [],
      'InformationRegister_КадроваяИсторияСотрудников/SliceLast()': [],
    };
    const value = m ? catalogs[m[1]] : undefined;
    if (!value) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ value }));
  });
  return { server, auths };
}

describe('the HR-system password is encrypted at rest and never returned (issue 12, §3 Client, §5 HR integration)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let zup: ReturnType<typeof fakeZup>;
  let base = '';
  const stored = async () =>
    t.db.asSystem('test: read the stored HR password', async (tx) => {
      const r = await tx.execute(sql`SELECT hr_password FROM clients.clients WHERE id = ${acme.client._id}`);
      return ((r as unknown as { rows: { hr_password: string | null }[] }).rows ?? (r as unknown as { hr_password: string | null }[]))[0]?.hr_password ?? null;
    });

  beforeAll(async () => {
    t = await testPortal();
    zup = fakeZup();
    await new Promise<void>((ok) => zup.server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(zup.server.address() as AddressInfo).port}/zup`;
    acme = await t.makeClient('hrsecret', { taxNumber: '7701234567', hr: { url: base, login: 'hr', password: PASSWORD } });
  });
  afterAll(async () => {
    zup.server.close();
    await t.close();
  });

  it('stores an AES-256-GCM sealed value, not the plaintext; the API says only hasPassword', async () => {
    const v = await stored();
    assert.ok(v && isSealed(v), `stored: ${v}`);
    assert.ok(!v.includes(PASSWORD));
    const got = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.deepEqual(got.body.result.hr, { url: base, login: 'hr', hasPassword: true });
    // Sealing uses a fresh nonce: the same password saved again is stored differently.
    await t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { hr: { password: PASSWORD } } });
    const again = await stored();
    assert.ok(isSealed(again) && again !== v);
  });

  it('the import still authenticates to the 1C server with the opened password', async () => {
    const r = await t.call(peopleRoutes.userLoadHrm, { token: acme.adminToken, body: {} });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.created, 1);
    assert.ok(zup.auths.length > 0 && zup.auths.every((a) => a === `Basic ${Buffer.from(`hr:${PASSWORD}`).toString('base64')}`));
  });

  it('no route returns the password nor its sealed form (every GET that takes a client id or workspace, and the writes)', async () => {
    const sealed = (await stored())!;
    const leaks = (body: unknown) => {
      const s = JSON.stringify(body);
      return s.includes(PASSWORD) || s.includes(sealed) || /"password"\s*:\s*"[^"]/.test(s);
    };
    const values: Record<string, string> = { id: acme.client._id, client: acme.client._id, client_id: acme.client._id, ws: 'hrsecret', workspace: 'hrsecret' };
    let called = 0;
    for (const route of Object.values(allRoutes) as { method: string; path: string }[]) {
      if (route.method !== 'GET') continue;
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (names.some((n) => !(n in values))) continue;
      const params = Object.fromEntries(names.map((n) => [n, values[n]]));
      for (const token of [acme.superToken, acme.adminToken]) {
        const res = await t.call(route as never, { token, params });
        called++;
        assert.ok(!leaks(res.body), `${route.method} ${route.path} returned the HR password`);
      }
    }
    assert.ok(called > 10, `only ${called} calls`);
    const put = await t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { hr: { password: PASSWORD } } });
    assert.equal(put.status, 200);
    assert.ok(!leaks(put.body));
    const made = await t.call(clientRoutes.clientCreate, {
      token: acme.superToken,
      body: { workspace: 'hrsecret2', name: 'B', hr: { url: base, login: 'x', password: PASSWORD } },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.ok(!leaks(made.body));
    assert.equal(made.body.result.hr.hasPassword, true);
  });

  it('the start-up migration seals passwords stored in plain text before, and the import works after it', async () => {
    await t.db.asSystem('test: an old plaintext row', (tx) =>
      tx.execute(sql`UPDATE clients.clients SET hr_password = ${PASSWORD} WHERE id = ${acme.client._id}`),
    );
    assert.equal(await stored(), PASSWORD);
    const quiet = () => undefined;
    const noop = { info: quiet, warn: quiet, error: quiet, debug: quiet } as never;
    await new SealHrPasswords(t.db, t.config, noop).onApplicationBootstrap();
    const v = await stored();
    assert.ok(isSealed(v) && !v.includes(PASSWORD));
    // Idempotent: a second run leaves the sealed value alone.
    await new SealHrPasswords(t.db, t.config, noop).onApplicationBootstrap();
    assert.equal(await stored(), v);
    const r = await t.call(peopleRoutes.userLoadHrm, { token: acme.adminToken, body: {} });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.unchanged, 1);
  });
});
