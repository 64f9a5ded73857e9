import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSign, generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** One identity the fake provider signs in (the spec picks it before following the authorization URL). */
export interface Identity {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  hd?: string;
  tid?: string;
}

/** A registered relying party (one portal client's application). */
export interface RpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

type Stored = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string };

/**
 * oidc-provider's storage (sessions, grants, codes... by model name) in Maps of one provider: what its in-memory
 * default does, without the warning that default prints.
 */
function memoryAdapter() {
  const stores = new Map<string, Map<string, Stored>>();
  return class MemoryAdapter {
    private readonly items: Map<string, Stored>;
    constructor(name: string) {
      this.items = stores.get(name) ?? new Map();
      stores.set(name, this.items);
    }
    async upsert(id: string, payload: Stored) {
      this.items.set(id, payload);
    }
    async find(id: string) {
      return this.items.get(id);
    }
    async findByUid(uid: string) {
      return [...this.items.values()].find((p) => p.uid === uid);
    }
    async findByUserCode(userCode: string) {
      return [...this.items.values()].find((p) => p.userCode === userCode);
    }
    async consume(id: string) {
      const p = this.items.get(id);
      if (p) p.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      this.items.delete(id);
    }
    async revokeByGrantId(grantId: string) {
      for (const [id, p] of this.items) if (p.grantId === grantId) this.items.delete(id);
    }
  };
}

/**
 * A real OpenID provider (oidc-provider) started in-process on 127.0.0.1 for the single sign-on specs (issue 37).
 * Its interaction step signs in `state.next` without a form, or, when none is chosen, shows a sign-in form (e-mail
 * and password, for browser specs: any password passes, the e-mail becomes a verified identity); either way it
 * grants the requested scopes at once (a first-party application). `tamperAudience` makes the next token answer carry an ID token re-signed for another audience
 * (with the provider's own key), to prove the relying party checks `aud`.
 */
export async function startIdp(clients: RpClient[]) {
  const front: Server = createServer();
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'spec-key', alg: 'RS256', use: 'sig' };
  const state = { next: undefined as Identity | undefined, tamperAudience: false, identities: new Map<string, Identity>() };

  const config: Configuration = {
    // The spec's own store and lifetimes: oidc-provider's defaults print a warning and five notices per start.
    adapter: memoryAdapter(),
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['spec-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture', 'hd', 'tid'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => {
      const who = state.identities.get(id);
      return who ? { accountId: id, claims: () => ({ ...who }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx) => {
      const o = ctx.oidc;
      const id = o.result?.consent?.grantId || o.session!.grantIdFor(o.client!.clientId);
      if (id) return o.provider.Grant.find(id);
      const grant = new o.provider.Grant({ clientId: o.client!.clientId, accountId: o.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, config);
  const callback = provider.callback();

  front.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const m = /^\/interaction\/([\w-]+)(\/login)?/.exec(req.url ?? '');
      if (m) {
        let who = state.next;
        if (!who && !m[2]) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(m[1]));
        if (!who) {
          const form = new URLSearchParams(await readBody(req));
          const email = form.get('email')?.trim() ?? '';
          if (!email.includes('@') || !form.get('password'))
            return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(m[1], true));
          who = { sub: email.toLowerCase(), email, email_verified: true, name: email.split('@')[0] };
        }
        state.identities.set(who.sub, who);
        return provider.interactionFinished(req, res, { login: { accountId: who.sub } }, { mergeWithLastSubmission: false });
      }
      if (state.tamperAudience && req.method === 'POST' && req.url?.startsWith('/token')) {
        state.tamperAudience = false;
        return tamper(req, res);
      }
      callback(req, res);
    })().catch((err: Error) => res.writeHead(500).end(err.message));
  });

  /** The provider's sign-in page of interaction `uid` (posts to /interaction/<uid>/login). */
  function loginForm(uid: string, failed = false): string {
    return `<!doctype html><html lang="en"><head><title>Spec identity provider</title></head><body><main>
<h1>Sign in to the spec identity provider</h1>${failed ? '<p role="alert" id="idp-error">Enter your e-mail and password</p>' : ''}
<form method="post" action="/interaction/${uid}/login">
<label>E-mail <input id="idp-email" name="email" type="email" autocomplete="username"></label>
<label>Password <input id="idp-password" name="password" type="password" autocomplete="current-password"></label>
<button id="idp-submit" type="submit">Sign in</button></form></main></body></html>`;
  }

  /** Runs the token request through the provider, then re-signs its ID token for audience 'someone-else'. */
  async function tamper(req: IncomingMessage, res: ServerResponse) {
    const captured: Buffer[] = [];
    const fake = Object.create(res) as ServerResponse;
    let status = 200;
    const headers: Record<string, unknown> = {};
    fake.setHeader = (k: string, v: never) => ((headers[k.toLowerCase()] = v), fake);
    fake.writeHead = ((s: number) => ((status = s), fake)) as never;
    Object.defineProperty(fake, 'statusCode', { get: () => status, set: (s: number) => (status = s) });
    fake.write = ((c: Buffer | string) => (captured.push(Buffer.from(c)), true)) as never;
    await new Promise<void>((done) => {
      fake.end = ((c?: Buffer | string) => {
        if (c) captured.push(Buffer.from(c));
        done();
        return fake;
      }) as never;
      callback(req, fake);
    });
    const body = JSON.parse(Buffer.concat(captured).toString());
    if (body.id_token) {
      const [h, p] = (body.id_token as string).split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      payload.aud = 'someone-else';
      const signed = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      body.id_token = `${signed}.${createSign('RSA-SHA256').update(signed).sign(privateKey).toString('base64url')}`;
    }
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  }

  /**
   * The browser's part: follows the authorization `url` as `who` through the provider (cookies kept) up to the
   * redirect to the portal → the redirect URL (`…/authorize?code&state`).
   */
  async function authorize(url: string, who: Identity): Promise<URL> {
    state.next = who;
    const jar = new Map<string, string>();
    let at = url;
    for (let hop = 0; hop < 10; hop++) {
      const r = await fetch(at, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of r.headers.getSetCookie()) {
        const [kv] = c.split(';');
        const i = kv.indexOf('=');
        jar.set(kv.slice(0, i), kv.slice(i + 1));
      }
      const loc = r.headers.get('location');
      if (!loc) throw new Error(`idp answered ${r.status} without a redirect: ${await r.text()}`);
      const next = new URL(loc, at);
      if (!next.href.startsWith(issuer)) return next;
      at = next.href;
    }
    throw new Error('too many redirects at the idp');
  }

  return {
    issuer,
    state,
    authorize,
    close: () =>
      new Promise<void>((r) => {
        front.close(() => r());
        front.closeAllConnections();
      }),
  };
}
export type Idp = Awaited<ReturnType<typeof startIdp>>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString()));
    req.on('error', reject);
  });
}
