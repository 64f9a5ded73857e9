import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { sql } from '@intranet/platform-db';
import { socialRoutes } from '@intranet/social-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { until, type Person } from './support.ts';

/** The decoded Subject header of a raw message (RFC 2047 encoded words, B or Q). */
function subjectOf(raw: string): string {
  const m = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m);
  return (m?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, txt: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(txt, 'base64').toString('utf8')
      : Buffer.from(
          txt.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * The e-mail channel (issue 10) against a real SMTP server run in the test (`smtp-server`): a mention reaches the
 * mentioned employee's mailbox as HTML with a text part; a user who switched e-mail off for the section gets none;
 * a server that refuses the first attempts delays the mail (retries with back-off) but never the notification, and
 * the mail arrives exactly once; the admin panel's mail check (POST api/message) arrives too; a template of the
 * type words the mail (mustache, a missing variable empty).
 */
describe('notifications external channels: e-mail, Slack, MS Teams (§1 channels, §8 swallowed, retries)', () => {
  let t: TestPortal;
  let smtp: SMTPServer;
  const inbox: Received[] = [];
  /** Recipients refused this many more times (451, a temporary failure). */
  const refuse = new Map<string, number>();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, cb) {
        const left = refuse.get(address.address) ?? 0;
        if (left > 0) {
          refuse.set(address.address, left - 1);
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return cb(err);
        }
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    // The Slack and Teams stand-ins below run on localhost over http (the SSRF guard's development switch).
    t = await testPortal({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIF_DELIVERY_POLL_MS: '100',
      NOTIF_RETRY_BASE_MS: '100',
      NOTIF_ALLOW_PRIVATE_HOSTS: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mentions are mailed per the settings matrix; a refusing server delays the mail, never the notification; mail check', async () => {
    const acme = await t.makeClient('notifmail');
    const person = async (email: string, lang?: string): Promise<Person> => {
      const e = await t.makeEmployee(acme.adminToken, email, { roles: ['employee', 'wall'], ...(lang ? { lang } : {}) });
      return { id: e.user._id, token: e.token };
    };
    // Bob reads English, Dave Ukrainian, Carol the default: an e-mail without a template is worded in each one's language.
    const [alice, bob, carol, dave] = await Promise.all(
      (['alice', 'bob:en', 'carol', 'dave:uk'] as const).map((n) => person(`${n.split(':')[0]}@notifmail.test`, n.split(':')[1])),
    );
    const off = await t.call(notificationsRoutes.settingsSave, { token: carol.token, body: { matrix: { posts: { email: false } } } });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    refuse.set('dave@notifmail.test', 2);

    const made = await t.call(socialRoutes.postCreate, {
      token: alice.token,
      body: { message: '<p>Lunch at <b>noon</b>?</p>', mentions: [bob.id, carol.id, dave.id] },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const postId = made.body.result._id as string;

    // Every mentioned one has the notification at once, whatever the mail does.
    for (const p of [bob, carol, dave]) {
      await until(async () => {
        const r = await t.call(notificationsRoutes.notificationUnread, { token: p.token, params: { client: acme.client._id, user: p.id } });
        assert.equal(r.body.result.count, 1);
      });
    }

    await until(() => assert.ok(inbox.some((m) => m.to.includes('bob@notifmail.test'))));
    const mail = inbox.find((m) => m.to.includes('bob@notifmail.test'))!;
    assert.match(mail.raw, /Subject: .*mentioned you in a post/);
    assert.match(mail.raw, /Content-Type: text\/plain/);
    assert.match(mail.raw, /Content-Type: text\/html/);
    assert.ok(mail.raw.includes(`/post/${postId}`), 'the link to the post');
    assert.match(mail.raw, /Lunch at noon\?/);

    // Dave's server refused twice: the third attempt delivers, once.
    await until(() => assert.ok(inbox.some((m) => m.to.includes('dave@notifmail.test'))));
    const deliveries = () =>
      t.db.asSystem('spec', async (tx) => {
        const r = (await tx.execute(sql`SELECT d.target, d.status, d.attempts, d.last_error FROM notifications.deliveries d ORDER BY d.target`)) as unknown as {
          rows: { target: string; status: string; attempts: number; last_error: string | null }[];
        };
        return r.rows;
      });
    // The server has the mail before the sender has recorded the delivery as sent: wait for that record.
    await until(async () => assert.equal((await deliveries()).find((r) => r.target === 'dave@notifmail.test')?.status, 'sent'));
    const rows = await deliveries();
    const daveMail = inbox.find((m) => m.to.includes('dave@notifmail.test'))!;
    assert.match(subjectOf(daveMail.raw), /згадав\(-ла\) вас у дописі/, subjectOf(daveMail.raw));
    const dave1 = rows.find((r) => r.target === 'dave@notifmail.test')!;
    assert.equal(dave1.status, 'sent');
    assert.equal(dave1.attempts, 3);
    assert.equal(
      rows.some((r) => r.target === 'carol@notifmail.test'),
      false,
      'Carol switched e-mail off for posts',
    );

    // Nothing more arrives later (no send is left pending): one mail per recipient, none for Carol.
    await until(async () =>
      assert.deepEqual(
        (await deliveries()).filter((r) => r.status === 'pending'),
        [],
      ),
    );
    // (Dave's is in Ukrainian: its body is transfer-encoded, so the recipients tell the mention mails.)
    const mentionMails = inbox.filter((m) => m.to.some((x) => /^(bob|carol|dave)@/.test(x)));
    assert.deepEqual(mentionMails.map((m) => m.to.join(',')).sort(), ['bob@notifmail.test', 'dave@notifmail.test']);

    const check = await t.call(notificationsRoutes.messageSend, {
      token: acme.adminToken,
      body: { emails: ['postmaster@notifmail.test'], subject: 'Mail check', text: 'It works' },
    });
    assert.equal(check.status, 200, JSON.stringify(check.body));
    assert.ok(inbox.some((m) => m.to.includes('postmaster@notifmail.test') && /It works/.test(m.raw)));

    // A template of the type for e-mail words the next one (an unknown variable renders empty).
    const tpl = await t.call(notificationsRoutes.templateCreate, {
      token: acme.adminToken,
      body: {
        code: 'mention',
        channel: 'email',
        lang: 'en',
        name: 'Mention',
        title: 'Ping from {{actor}}{{nosuch}}',
        short: 'See {{link}}',
        full: '<p>{{actor}}: {{text}}</p>',
      },
    });
    assert.equal(tpl.status, 200, JSON.stringify(tpl.body));
    await t.call(socialRoutes.postCreate, { token: alice.token, body: { message: '<p>Second one</p>', mentions: [bob.id] } });
    await until(() => assert.ok(inbox.some((m) => /Subject: Ping from Emil Employee\r?\n/.test(m.raw))));
    const templated = inbox.find((m) => /Subject: Ping from Emil Employee/.test(m.raw))!;
    assert.deepEqual(templated.to, ['bob@notifmail.test']);
    assert.match(templated.raw, /See \/post\//);
    assert.match(templated.raw, /Emil Employee: Second one/);
  });

  it('Slack and MS Teams through the client’s incoming webhooks (local HTTP servers); a failing one is retried, posted once', async () => {
    const got: { hook: string; body: { text: string } }[] = [];
    let slackFailures = 1;
    const servers: Server[] = [];
    const hook = async (name: string) => {
      const srv = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (name === 'slack' && slackFailures-- > 0) {
            res.writeHead(500).end('busy');
            return;
          }
          got.push({ hook: name, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          res.writeHead(200).end('ok');
        });
      });
      servers.push(srv);
      await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hook`;
    };
    try {
      const acme = await t.makeClient('notifhooks');
      const ann = await t.makeEmployee(acme.adminToken, 'ann@notifhooks.test', { roles: ['employee', 'wall'], firstName: 'Ann' });
      const ben = await t.makeEmployee(acme.adminToken, 'ben@notifhooks.test', { roles: ['employee', 'wall'], firstName: 'Ben', lang: 'en' });
      const webhooks = { slack: await hook('slack'), teams: await hook('teams') };
      const saved = await t.call(notificationsRoutes.settingsSave, {
        token: acme.adminToken,
        body: { client_id: acme.client._id, matrix: { posts: { slack: true, teams: true, email: false } }, webhooks },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.result.webhooks, webhooks);
      const own = await t.call(notificationsRoutes.settingsUser, { token: ben.token, params: { user: ben.user._id } });
      assert.equal(own.body.result.webhooks, undefined, 'an employee never sees the client’s webhook URLs');
      assert.equal(own.body.result.matrix.posts.slack, true, 'the client’s defaults apply');

      const made = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: '<p>Deploy done</p>', mentions: [ben.user._id] } });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      await until(() => assert.deepEqual(got.map((g) => g.hook).sort(), ['slack', 'teams']));
      for (const g of got) {
        assert.match(g.body.text, /^Ben Employee: Ann Employee mentioned you in a post/);
        assert.match(g.body.text, /Deploy done/);
      }
      const hooked = () =>
        t.db.asSystem('spec', async (tx) => {
          const r = (await tx.execute(
            sql`SELECT channel, status, attempts FROM notifications.deliveries WHERE client_id = ${acme.client._id} ORDER BY channel`,
          )) as unknown as { rows: { channel: string; status: string; attempts: number }[] };
          return r.rows;
        });
      // No send is left pending: nothing more can be posted.
      await until(async () => assert.ok((await hooked()).every((r) => r.status !== 'pending')));
      assert.equal(got.length, 2, 'each webhook posted once');
      const rows = await hooked();
      assert.deepEqual(rows, [
        { channel: 'slack', status: 'sent', attempts: 2 },
        { channel: 'teams', status: 'sent', attempts: 1 },
      ]);
    } finally {
      await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
    }
  });
});
