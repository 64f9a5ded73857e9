import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { isPublicAddress, assertPublicUrl, errorCode } from '@intranet/notifications-server';
import { sql } from '@intranet/platform-db';
import { socialRoutes } from '@intranet/social-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { until } from './support.ts';

interface BotCall {
  token: string;
  method: string;
  body: Record<string, unknown>;
}

/**
 * A local HTTP server playing the Telegram Bot API (`/bot<token>/<method>`, JSON in and out): getUpdates answers the
 * queued updates from `offset`, sendMessage is recorded; `failSends` makes the next sends answer 502.
 */
async function fakeBotApi() {
  const calls: BotCall[] = [];
  const updates: { update_id: number; message: { message_id: number; date: number; text: string; chat: { id: number; type: string } } }[] = [];
  const state = { failSends: 0 };
  const srv: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const reply = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (!m) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = m;
      if (token === 'bad:token') return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      calls.push({ token: token!, method: method!, body });
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        return reply(200, { ok: true, result: updates.filter((u) => u.update_id >= offset) });
      }
      if (method === 'sendMessage') {
        if (state.failSends > 0) {
          state.failSends--;
          return reply(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
        }
        return reply(200, {
          ok: true,
          result: { message_id: calls.length, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id, type: 'private' }, text: body.text },
        });
      }
      return reply(200, { ok: true, result: true });
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return { srv, calls, updates, state, root: `http://127.0.0.1:${(srv.address() as AddressInfo).port}` };
}

/**
 * The webhook restriction (SSRF: https to public hosts only, stable code webhookUrlRefused, checked on save and at
 * send time), the failing-channel report (count, last error code, since), and the Telegram channel against a local
 * Bot API (grammy with a configurable API root): a bot per client, per-user linking by a one-time code, the
 * client's channel for those not linked, a failing send retried and delivered once.
 */
describe('notifications: webhook restriction, failing channels, Telegram', () => {
  let t: TestPortal;
  let bot: Awaited<ReturnType<typeof fakeBotApi>>;

  beforeAll(async () => {
    bot = await fakeBotApi();
    t = await testPortal({ NOTIF_DELIVERY_POLL_MS: '100', NOTIF_RETRY_BASE_MS: '50', NOTIF_ALLOW_PRIVATE_HOSTS: '', TELEGRAM_API_ROOT: bot.root });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => bot.srv.close(r));
  });

  it('addresses: only public unicast hosts over https', async () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) assert.equal(isPublicAddress(ip), true, ip);
    for (const ip of [
      '10.0.0.1',
      '172.16.3.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      assert.equal(isPublicAddress(ip), false, ip);
    for (const url of [
      'http://8.8.8.8/hook',
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://localhost/x',
      'ftp://8.8.8.8/',
      'nonsense',
    ])
      await assert.rejects(assertPublicUrl(url, false), (e: unknown) => errorCode(e) === 'webhookUrlRefused', url);
    await assertPublicUrl('https://8.8.8.8/hook', false);
    await assertPublicUrl('http://127.0.0.1:9/hook', true);
  });

  it('a private webhook is refused on save and at send time; the channel is reported as failing', async () => {
    const acme = await t.makeClient('notifssrf');
    const ann = await t.makeEmployee(acme.adminToken, 'ann@notifssrf.test', { roles: ['employee', 'wall'] });
    const ben = await t.makeEmployee(acme.adminToken, 'ben@notifssrf.test', { roles: ['employee', 'wall'] });
    let hits = 0;
    const local = createServer((_req, res) => {
      hits++;
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/hook`;
    try {
      for (const slack of [url, 'https://127.0.0.1/hook', 'https://169.254.169.254/latest/meta-data']) {
        const r = await t.call(notificationsRoutes.settingsSave, {
          token: acme.adminToken,
          body: { client_id: acme.client._id, matrix: {}, webhooks: { slack } },
        });
        assert.equal(r.status, 400, slack);
        assert.equal(r.body.errors[0].code, 'webhookUrlRefused');
        assert.equal(r.body.errors[0].field, 'webhooks.slack');
      }
      // Stored before the rule existed (or by hand): the send is refused at connect time all the same.
      const saved = await t.call(notificationsRoutes.settingsSave, {
        token: acme.adminToken,
        body: { client_id: acme.client._id, matrix: { posts: { slack: true, email: false } } },
      });
      assert.equal(saved.status, 200);
      await t.db.asSystem('spec', (tx) =>
        tx.execute(sql`UPDATE notifications.settings SET webhooks = ${JSON.stringify({ slack: url })}::jsonb WHERE client_id = ${acme.client._id}`),
      );
      for (const n of [1, 2]) {
        const made = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: `<p>Ping ${n}</p>`, mentions: [ben.user._id] } });
        assert.equal(made.status, 200);
      }
      await until(async () => {
        const r = await t.call(notificationsAdminRoutes.channelsHealth, { token: acme.adminToken, params: { client: acme.client._id } });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const slack = r.body.result.find((c: { channel: string }) => c.channel === 'slack');
        assert.ok(slack, JSON.stringify(r.body.result));
        assert.equal(slack.failing, 2);
        assert.equal(slack.last_code, 'webhookUrlRefused');
        assert.ok(Date.parse(slack.since) <= Date.now());
      });
      assert.equal(hits, 0, 'the private host was never called');
      const emp = await t.call(notificationsAdminRoutes.channelsHealth, { token: ben.token, params: { client: acme.client._id } });
      assert.equal(emp.status, 403);
    } finally {
      await new Promise((r) => local.close(r));
    }
  });

  it('Telegram: a bot per client, linking by a one-time code, the user’s chat or the client’s channel, a failing send retried once', async () => {
    const acme = await t.makeClient('notiftg');
    const ann = await t.makeEmployee(acme.adminToken, 'ann@notiftg.test', { roles: ['employee', 'wall'], firstName: 'Ann' });
    const ben = await t.makeEmployee(acme.adminToken, 'ben@notiftg.test', { roles: ['employee', 'wall'], firstName: 'Ben', lang: 'en' });
    const cat = await t.makeEmployee(acme.adminToken, 'cat@notiftg.test', { roles: ['employee', 'wall'], firstName: 'Cat', lang: 'en' });

    const none = await t.call(notificationsAdminRoutes.telegramCode, { token: ben.token });
    assert.equal(none.status, 400, 'no bot yet');
    assert.equal(none.body.errors[0].code, 'telegramNotConfigured');
    const set = await t.call(notificationsAdminRoutes.telegramBotSave, { token: acme.adminToken, body: { token: '123:SECRET', channel: '@acme_news' } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body.result, { configured: true, channel: '@acme_news' });
    const got = await t.call(notificationsAdminRoutes.telegramBot, { token: acme.adminToken, params: { client: acme.client._id } });
    assert.deepEqual(got.body.result, { configured: true, channel: '@acme_news' });
    assert.ok(!JSON.stringify(got.body).includes('SECRET'), 'the token is never answered');
    assert.equal((await t.call(notificationsAdminRoutes.telegramBotSave, { token: ben.token, body: { token: 'x' } })).status, 403);

    const code = await t.call(notificationsAdminRoutes.telegramCode, { token: ben.token });
    assert.equal(code.status, 200, JSON.stringify(code.body));
    bot.updates.push({ update_id: 10, message: { message_id: 1, date: 0, text: 'WRONGCODE', chat: { id: 999, type: 'private' } } });
    bot.updates.push({ update_id: 11, message: { message_id: 2, date: 0, text: `/start ${code.body.result.code}`, chat: { id: 555, type: 'private' } } });
    const link = await t.call(notificationsAdminRoutes.telegramLink, { token: ben.token });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    assert.equal(link.body.result.linked, true);
    assert.equal((await t.call(notificationsAdminRoutes.telegramStatus, { token: ben.token })).body.result.linked, true);
    assert.equal((await t.call(notificationsAdminRoutes.telegramStatus, { token: cat.token })).body.result.linked, false);
    // The used code links no one else; the bot's updates were acknowledged (offset past them).
    const again = await t.call(notificationsAdminRoutes.telegramLink, { token: cat.token });
    assert.equal(again.body.result.linked, false);
    const lastGet = bot.calls.filter((c) => c.method === 'getUpdates').pop()!;
    assert.equal(lastGet.body.offset, 12);
    assert.ok(bot.calls.every((c) => c.token === '123:SECRET'));

    for (const who of [ben, cat]) {
      const s = await t.call(notificationsRoutes.settingsSave, { token: who.token, body: { matrix: { posts: { telegram: true, email: false } } } });
      assert.equal(s.status, 200);
    }
    bot.state.failSends = 1;
    const made = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { message: '<p>Release at five</p>', mentions: [ben.user._id, cat.user._id] },
    });
    assert.equal(made.status, 200);
    const sends = () => bot.calls.filter((c) => c.method === 'sendMessage');
    await until(() => {
      const ok = sends().length;
      assert.equal(ok, 3, 'one refused, then one per recipient');
    });
    // No Telegram send is left pending (the refused one was retried and delivered): nothing more can be sent.
    const pending = () =>
      t.db.asSystem('spec', async (tx) => {
        const r = (await tx.execute(
          sql`SELECT count(*)::int AS n FROM notifications.deliveries WHERE client_id = ${acme.client._id} AND channel = 'telegram' AND status = 'pending'`,
        )) as unknown as { rows: { n: number }[] };
        return r.rows[0]!.n;
      });
    await until(async () => assert.equal(await pending(), 0));
    const delivered = sends().slice(-2);
    assert.equal(sends().length, 3, 'nothing sent twice');
    const toBen = sends().filter((c) => c.body.chat_id === '555');
    const toChannel = sends().filter((c) => c.body.chat_id === '@acme_news');
    assert.ok(toBen.length >= 1 && toChannel.length >= 1, JSON.stringify(delivered.map((d) => d.body.chat_id)));
    assert.match(String(toBen.at(-1)!.body.text), /^Ann Employee mentioned you in a post/);
    assert.match(String(toChannel.at(-1)!.body.text), /^Cat Employee: Ann Employee mentioned you in a post/);
    const rows = await t.db.asSystem('spec', async (tx) => {
      const r = (await tx.execute(
        sql`SELECT target, status FROM notifications.deliveries WHERE client_id = ${acme.client._id} AND channel = 'telegram' ORDER BY target`,
      )) as unknown as { rows: { target: string; status: string }[] };
      return r.rows;
    });
    assert.deepEqual(rows, [
      { target: '555', status: 'sent' },
      { target: '@acme_news', status: 'sent' },
    ]);

    const un = await t.call(notificationsAdminRoutes.telegramUnlink, { token: ben.token });
    assert.equal(un.body.result.linked, false);

    // A token the Bot API refuses: linking answers 400 telegramUnreachable (never a server error).
    await t.call(notificationsAdminRoutes.telegramBotSave, { token: acme.adminToken, body: { token: 'bad:token' } });
    const refused = await t.call(notificationsAdminRoutes.telegramLink, { token: ben.token });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.errors[0].code, 'telegramUnreachable');
  });
});
