import { clientRoutes } from '@intranet/clients-contract';
import { peopleEvents, peopleRoutes, type UserEventData } from '@intranet/people-contract';
import { ssoRoutes } from '@intranet/people-contract/sso';
import { ssoProviders } from '@intranet/people-server';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { startIdp, type Identity, type Idp } from './oidc-idp.ts';

const PUBLIC = 'http://portal.test';

/** Waits (up to 10 s) until `ok()` holds: the outbox relays events after the change's transaction. */
async function until(ok: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for the condition');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const REDIRECT = `${PUBLIC}/authorize`;

describe('single sign-on with OpenID Connect against a real provider (issue 37, §7 api/outlook/login, §8)', () => {
  let t: TestPortal;
  let idp: Idp;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let beta: Awaited<ReturnType<TestPortal['makeClient']>>;
  /** The user events the portal sent (evt.people.user.created|updated): other services' projections read them. */
  const events: { subject: string; data: UserEventData }[] = [];
  const who = (email: string, extra: Partial<Identity> = {}): Identity => ({ sub: email, email, email_verified: true, name: 'Sso Person', ...extra });

  beforeAll(async () => {
    idp = await startIdp([
      { client_id: 'portal-acme', client_secret: 'acme-secret-0123456789', redirect_uris: [REDIRECT] },
      { client_id: 'portal-beta', client_secret: 'beta-secret-0123456789', redirect_uris: [REDIRECT] },
      { client_id: 'portal-install', client_secret: 'install-secret-0123456789', redirect_uris: [REDIRECT] },
    ]);
    // The installation's Microsoft application (configuration), offered by every client without its own.
    t = await testPortal({
      PUBLIC_URL: PUBLIC,
      SSO_MICROSOFT_ISSUER: idp.issuer,
      SSO_MICROSOFT_CLIENT_ID: 'portal-install',
      SSO_MICROSOFT_SECRET: 'install-secret-0123456789',
    });
    for (const e of [peopleEvents.userCreated, peopleEvents.userUpdated])
      await t.portal.platform.bus.subscribe(e.subject, async (ev) => {
        events.push({ subject: e.subject, data: ev.data as UserEventData });
      });
    acme = await t.makeClient('ssoacme');
    beta = await t.makeClient('ssobeta');
    for (const [c, id, secret] of [
      [acme, 'portal-acme', 'acme-secret-0123456789'],
      [beta, 'portal-beta', 'beta-secret-0123456789'],
    ] as const) {
      for (const provider of ['microsoft', 'google'] as const) {
        const r = await t.call(ssoRoutes.ssoSettingsSave, { token: c.adminToken, params: { provider }, body: { issuer: idp.issuer, clientId: id, secret } });
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
    }
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Starts a sign-in of `workspace` and passes the provider as `identity` → the callback's code and state. */
  async function through(workspace: string, identity: Identity, provider: 'microsoft' | 'google' = 'microsoft', edit?: (u: URL) => void) {
    const s = await t.call(ssoRoutes.ssoStart, { body: { provider, workspace } });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const url = new URL(s.body.result.url);
    edit?.(url);
    const back = await idp.authorize(url.href, identity);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, iss: back.searchParams.get('iss') ?? undefined, url };
  }
  const outlook = ({ code, state, iss }: { code: string; state: string; iss?: string }) => t.call(ssoRoutes.ssoOutlookLogin, { body: { code, state, iss } });

  it('the settings keep the secret sealed: an administrator reads hasSecret, never the secret; employees get 403', async () => {
    const r = await t.call(ssoRoutes.ssoSettings, { token: acme.adminToken });
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.result.map((s: { provider: string; hasSecret: boolean }) => [s.provider, s.hasSecret]),
      [
        ['google', true],
        ['microsoft', true],
      ],
    );
    assert.ok(!JSON.stringify(r.body).includes('acme-secret'));
    const rows = await t.db.asSystem('test: read the sealed secrets', (tx) => tx.select().from(ssoProviders));
    assert.equal(rows.length, 4);
    for (const row of rows) assert.match(row.secretSealed ?? '', /^v1\./);
    const e = await t.makeEmployee(acme.adminToken, 'plain@ssoacme.test');
    const denied = await t.call(ssoRoutes.ssoSettings, { token: e.token });
    assert.equal(denied.status, 403);
  });

  it('POST api/outlook/login {code, state} signs the matching employee in: PKCE, state and nonce in the URL; a session token', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'ms.user@ssoacme.test');
    const { code, state, iss, url } = await through('ssoacme', who('MS.User@ssoacme.test'));
    for (const p of ['state', 'nonce', 'code_challenge']) assert.ok(url.searchParams.get(p), p);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    const r = await outlook({ code, state, iss });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body._id, e.user._id);
    const me = await t.call(peopleRoutes.userGet, { token: r.body.token, params: { id: e.user._id } });
    assert.equal(me.status, 200);
  });

  it('POST api/google/login stores the Google picture as googleImage', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'g.user@ssoacme.test');
    const { code, state, iss } = await through('ssoacme', who('g.user@ssoacme.test', { picture: 'https://lh3.example/pic.png' }), 'google');
    const r = await t.call(ssoRoutes.ssoGoogleLogin, { body: { code, state, iss } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body._id, e.user._id);
    assert.equal(r.body.result.googleImage, 'https://lh3.example/pic.png');
    // Shown where there is no avatar: the user event other services' projections keep carries it as the picture.
    await until(() => events.some((x) => x.subject === peopleEvents.userUpdated.subject && x.data._id === e.user._id));
    const sent = events.filter((x) => x.data._id === e.user._id).at(-1)!;
    assert.equal(sent.data.avatar, 'https://lh3.example/pic.png');
  });

  it('a replayed code is refused: its state is used up (400), with a fresh state the provider refuses it (401)', async () => {
    await t.makeEmployee(acme.adminToken, 'replay@ssoacme.test');
    const first = await through('ssoacme', who('replay@ssoacme.test'));
    assert.equal((await outlook(first)).status, 200);
    const again = await outlook(first);
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'ssoStateInvalid');
    const fresh = await t.call(ssoRoutes.ssoStart, { body: { provider: 'microsoft', workspace: 'ssoacme' } });
    const state = new URL(fresh.body.result.url).searchParams.get('state')!;
    const replay = await outlook({ code: first.code, state, iss: first.iss });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.code, 'ssoRefused');
    assert.equal(replay.body.token, undefined);
  });

  it("a foreign code (issued to another workspace's application) is refused with no session", async () => {
    await t.makeEmployee(acme.adminToken, 'foreign@ssoacme.test');
    const acmeCode = await through('ssoacme', who('foreign@ssoacme.test'));
    const betaStart = await t.call(ssoRoutes.ssoStart, { body: { provider: 'microsoft', workspace: 'ssobeta' } });
    const r = await outlook({ code: acmeCode.code, iss: acmeCode.iss, state: new URL(betaStart.body.result.url).searchParams.get('state')! });
    assert.equal(r.status, 401);
    assert.equal(r.body.code, 'ssoRefused');
  });

  it('a wrong state, a state of the other provider, a wrong nonce and an ID token for another audience are refused', async () => {
    await t.makeEmployee(acme.adminToken, 'checks@ssoacme.test');
    const ok = await through('ssoacme', who('checks@ssoacme.test'));
    const wrongState = await outlook({ code: ok.code, state: 'not-a-state-we-issued' });
    assert.equal(wrongState.status, 400);
    assert.equal(wrongState.body.code, 'ssoStateInvalid');
    const google = await through('ssoacme', who('checks@ssoacme.test'), 'google');
    const crossed = await outlook(google);
    assert.equal(crossed.status, 400);
    assert.equal(crossed.body.code, 'ssoStateInvalid');
    const nonce = await through('ssoacme', who('checks@ssoacme.test'), 'microsoft', (u) => u.searchParams.set('nonce', 'an-injected-nonce'));
    const badNonce = await outlook(nonce);
    assert.equal(badNonce.status, 401);
    assert.equal(badNonce.body.code, 'ssoRefused');
    const aud = await through('ssoacme', who('checks@ssoacme.test'));
    idp.state.tamperAudience = true;
    const badAud = await outlook(aud);
    assert.equal(badAud.status, 401);
    assert.equal(badAud.body.code, 'ssoRefused');
  });

  it('§8: an unverified e-mail, an unknown e-mail, a deleted user, a blocked user and a blocked company', async () => {
    const unverified = await outlook(await through('ssoacme', who('ms.user@ssoacme.test', { email_verified: false })));
    assert.equal(unverified.status, 401);
    assert.equal(unverified.body.code, 'ssoEmailUnverified');
    const unknown = await outlook(await through('ssoacme', who('nobody@ssoacme.test')));
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.message, 'No user with this e-mail');
    const gone = await t.makeEmployee(acme.adminToken, 'gone@ssoacme.test');
    assert.equal((await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: gone.user._id } })).status, 200);
    const deleted = await outlook(await through('ssoacme', who('gone@ssoacme.test')));
    assert.equal(deleted.status, 403);
    assert.equal(deleted.body.message, 'User deleted');
    const stop = await t.makeEmployee(acme.adminToken, 'stop@ssoacme.test');
    assert.equal((await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: stop.user._id }, body: { status: 'blocked' } })).status, 200);
    const blocked = await outlook(await through('ssoacme', who('stop@ssoacme.test')));
    assert.equal(blocked.status, 403);
    assert.equal(blocked.body.message, 'Login blocked');
    await t.makeEmployee(beta.adminToken, 'worker@ssobeta.test');
    const pending = await through('ssobeta', who('worker@ssobeta.test'));
    const b = await t.call(clientRoutes.clientUpdate, { token: beta.superToken, params: { id: beta.client._id }, body: { status: 'blocked' } });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    const company = await outlook(pending);
    assert.equal(company.status, 403);
    assert.equal(company.body.message, 'Login blocked');
  });

  it('an unknown e-mail creates an employee only where the administrator allows it', async () => {
    const s = await t.call(ssoRoutes.ssoSettingsSave, {
      token: acme.adminToken,
      params: { provider: 'google' },
      body: { issuer: idp.issuer, clientId: 'portal-acme', allowCreate: true },
    });
    assert.equal(s.status, 200);
    assert.equal(s.body.result.hasSecret, true);
    const { code, state, iss } = await through('ssoacme', who('newbie@ssoacme.test', { name: 'New Bie' }), 'google');
    const r = await t.call(ssoRoutes.ssoGoogleLogin, { body: { code, state, iss } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.email, 'newbie@ssoacme.test');
    assert.equal(r.body.result.lastName, 'Bie');
    await until(() => events.some((x) => x.subject === peopleEvents.userCreated.subject && x.data._id === r.body._id));
  });

  it('a workspace without the provider: start answers 404 ssoNotConfigured; the public list names the set ones', async () => {
    const other = await t.makeClient('ssonone');
    const r = await t.call(ssoRoutes.ssoStart, { body: { provider: 'google', workspace: 'ssonone' } });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, 'ssoNotConfigured');
    assert.ok(other.client._id);
    const list = await t.call(ssoRoutes.ssoProvidersList, { params: { workspace: 'ssoacme' } });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.result, ['google', 'microsoft']);
  });

  it("the installation's provider serves a client without its own; the client's own replaces it and removing that brings it back", async () => {
    const c = await t.makeClient('ssoinst');
    const e = await t.makeEmployee(c.adminToken, 'inst.user@ssoinst.test');
    const list = await t.call(ssoRoutes.ssoProvidersList, { params: { workspace: 'ssoinst' } });
    assert.deepEqual(list.body.result, ['microsoft']);
    const settings = await t.call(ssoRoutes.ssoSettings, { token: c.adminToken });
    assert.equal(settings.status, 200);
    assert.deepEqual(settings.body.result, [
      { provider: 'microsoft', issuer: idp.issuer, clientId: 'portal-install', hasSecret: true, domain: null, allowCreate: false, installation: true },
    ]);
    assert.ok(!JSON.stringify(settings.body).includes('install-secret'));
    const viaInstall = await through('ssoinst', who('inst.user@ssoinst.test'));
    assert.equal(new URL(viaInstall.url).searchParams.get('client_id'), 'portal-install');
    const r = await outlook(viaInstall);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body._id, e.user._id);
    const unknown = await outlook(await through('ssoinst', who('stranger@ssoinst.test')));
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.message, 'No user with this e-mail');

    const own = await t.call(ssoRoutes.ssoSettingsSave, {
      token: c.adminToken,
      params: { provider: 'microsoft' },
      body: { issuer: idp.issuer, clientId: 'portal-beta', secret: 'beta-secret-0123456789' },
    });
    assert.equal(own.status, 200);
    assert.equal(own.body.result.installation, false);
    const replaced = await t.call(ssoRoutes.ssoSettings, { token: c.adminToken });
    assert.deepEqual(
      replaced.body.result.map((s: { clientId: string; installation: boolean }) => [s.clientId, s.installation]),
      [['portal-beta', false]],
    );
    const viaOwn = await through('ssoinst', who('inst.user@ssoinst.test'));
    assert.equal(new URL(viaOwn.url).searchParams.get('client_id'), 'portal-beta');
    assert.equal((await outlook(viaOwn)).status, 200);
    const removed = await t.call(ssoRoutes.ssoSettingsDelete, { token: c.adminToken, params: { provider: 'microsoft' } });
    assert.equal(removed.status, 200);
    const back = await t.call(ssoRoutes.ssoSettings, { token: c.adminToken });
    assert.equal(back.body.result[0].installation, true);
    const again = await t.call(ssoRoutes.ssoSettingsDelete, { token: c.adminToken, params: { provider: 'microsoft' } });
    assert.equal(again.status, 404);
  });
});
