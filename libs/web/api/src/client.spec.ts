import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from '@jest/globals';
import { access, defineRoute, z } from '@intranet/platform-contracts';
import { ApiError } from './errors.ts';
import { MemoryStorage } from './memory-storage.ts';
import { authHeaders, call, onApiError, onConnectionLost, onUnauthorized, routeUrl } from './client.ts';
import { readLoginNotice, readStoredAuth, STORAGE_KEYS, writeKey, writeLoginNotice, writeStoredClient } from './storage.ts';

const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage; fetch: typeof fetch };
g.localStorage = new MemoryStorage();
g.sessionStorage = new MemoryStorage();
const realFetch = globalThis.fetch;

const userGet = defineRoute({
  method: 'GET',
  path: '/api/user/{id}',
  subject: 'people.user.get',
  summary: 'One user',
  spec: '§7',
  access: access.authenticated,
  params: z.object({ id: z.string() }),
  result: z.object({ _id: z.string() }),
});
const postCreate = defineRoute({
  method: 'POST',
  path: '/api/post',
  subject: 'social.post.create',
  summary: 'Create a post',
  spec: '§7',
  access: access.feature('wall'),
  body: z.object({ message: z.string() }),
  result: z.object({ _id: z.string() }),
});
const login = defineRoute({
  method: 'POST',
  path: '/api/login',
  subject: 'people.auth.login',
  summary: 'Sign in',
  spec: '§7',
  access: access.public,
  envelope: 'raw',
  body: z.object({ login: z.string(), password: z.string() }),
  result: z.object({ token: z.string() }),
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
let sent: Sent[] = [];

/** Answers every request with `status` and `body` (an object is sent as JSON). */
function answer(status: number, body?: unknown, contentType = typeof body === 'string' ? 'text/html' : 'application/json'): void {
  g.fetch = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text || null, { status, headers: text ? { 'content-type': contentType } : {} });
  }) as typeof fetch;
}

/** Records what the §8 listeners receive. */
function listen() {
  const got = { unauthorized: [] as ApiError[], connectionLost: [] as ApiError[], shown: [] as ApiError[] };
  const offs = [onUnauthorized((e) => got.unauthorized.push(e)), onConnectionLost((e) => got.connectionLost.push(e)), onApiError((e) => got.shown.push(e))];
  return { got, off: () => offs.forEach((off) => off()) };
}

function signIn(): void {
  writeKey(STORAGE_KEYS.authorization, 'true');
  writeKey(STORAGE_KEYS.token, 'the.jwt.token');
  writeKey(STORAGE_KEYS.uid, 'u-1');
  writeStoredClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    return e;
  }
  assert.fail('the call did not fail');
}

let listener: ReturnType<typeof listen>;
beforeEach(() => {
  g.localStorage.clear();
  g.sessionStorage.clear();
  sent = [];
  listener = listen();
});
afterEach(() => {
  listener.off();
  g.fetch = realFetch;
});

describe('request headers (§7)', () => {
  it('send the stored token as bearer and the current workspace as X-COMPANY-ID', async () => {
    signIn();
    answer(200, { result: { _id: 'u-1' } });
    await call(userGet, { params: { id: 'u-1' } });
    assert.equal(sent[0].headers.Authorization, 'Bearer the.jwt.token');
    assert.equal(sent[0].headers['X-COMPANY-ID'], 'acme');
  });

  it('workspace null sends no X-COMPANY-ID; a string overrides the stored one; signed out sends neither', () => {
    signIn();
    assert.equal('X-COMPANY-ID' in authHeaders(null), false);
    assert.equal(authHeaders('other')['X-COMPANY-ID'], 'other');
    g.localStorage.clear();
    assert.deepEqual(authHeaders(), {});
  });
});

describe('routeUrl', () => {
  it('fills encoded path parameters and appends the query, skipping empty values and repeating arrays', () => {
    assert.equal(routeUrl(userGet, { id: 'a b/c' }, { page: 2, q: null, skip: undefined, tag: ['x', 'y'] }), '/api/user/a%20b%2Fc?page=2&tag=x&tag=y');
    assert.equal(routeUrl(userGet, { id: 'u' }, {}), '/api/user/u');
  });
});

describe('call: answers', () => {
  it("unwraps the { result } envelope, returns 'raw' bodies as they are and sends JSON bodies", async () => {
    answer(200, { result: { _id: 'u-1' } });
    assert.deepEqual(await call(userGet, { params: { id: 'u-1' } }), { _id: 'u-1' });
    answer(200, { token: 't', result: { _id: 'u-1' }, _id: 'u-1' });
    assert.deepEqual(await call(login, { body: { login: 'ann', password: 'pw' } }), { token: 't', result: { _id: 'u-1' }, _id: 'u-1' });
    assert.equal(sent[1].method, 'POST');
    assert.deepEqual(sent[1].body, { login: 'ann', password: 'pw' });
  });

  it('a DELETE sends the body the call gives (§7 deletions named in the body) and none otherwise', async () => {
    const stageDelete = defineRoute({
      method: 'DELETE',
      path: '/api/adaptation/track/{track}/stage',
      subject: 'adaptation.stage.delete',
      summary: 'Delete a stage',
      spec: '§7',
      access: access.feature('adaptation'),
      params: z.object({ track: z.string() }),
      body: z.object({ _id: z.string() }),
      result: z.object({ _id: z.string() }),
    });
    const postDelete = defineRoute({
      method: 'DELETE',
      path: '/api/post/{id}',
      subject: 'social.post.delete',
      summary: 'Delete a post',
      spec: '§7',
      access: access.feature('wall'),
      params: z.object({ id: z.string() }),
      result: z.object({ _id: z.string() }),
    });
    answer(200, { result: { _id: 's-1' } });
    await call(stageDelete, { params: { track: 't-1' }, body: { _id: 's-1' } });
    assert.equal(sent[0].method, 'DELETE');
    assert.deepEqual(sent[0].body, { _id: 's-1' });
    answer(200, { result: { _id: 'p-1' } });
    await call(postDelete, { params: { id: 'p-1' } });
    assert.equal(sent[1].body, undefined);
  });
});

describe('call: §8 401 ends the session', () => {
  it('clears authorization, token, uid and currentClient and tells the shell (not the error dialog)', async () => {
    signIn();
    writeKey(STORAGE_KEYS.startPage, 'profile');
    answer(401, { name: 'unauthorized', code: 'unauthorized', message: 'Unauthorized' });
    const e = await rejection(call(userGet, { params: { id: 'u-1' } }));
    assert.equal(e.status, 401);
    assert.equal(e.silent, true);
    for (const key of [STORAGE_KEYS.authorization, STORAGE_KEYS.token, STORAGE_KEYS.uid, STORAGE_KEYS.currentClient]) {
      assert.equal(g.localStorage.getItem(key), null, key);
    }
    assert.deepEqual(readStoredAuth(), { authorized: false, token: null, uid: null, currentClient: null });
    assert.equal(listener.got.unauthorized.length, 1);
    assert.equal(listener.got.unauthorized[0], e);
    assert.equal(listener.got.shown.length, 0);
    assert.equal(readLoginNotice(), null, "a plain 401 is not 'Login blocked'");
  });

  it('a 401 on a silent call still ends the session', async () => {
    signIn();
    answer(401, { code: 'unauthorized', message: 'Unauthorized' });
    await rejection(call(userGet, { params: { id: 'u-1' }, silent: true }));
    assert.equal(readStoredAuth().token, null);
    assert.equal(listener.got.unauthorized.length, 1);
  });

  it('a 401 from the public sign-in route (wrong password) keeps the session keys and goes to the caller', async () => {
    signIn();
    answer(401, { name: 'wrong_password', code: 'unauthorized', message: 'Wrong password' });
    const e = await rejection(call(login, { body: { login: 'ann', password: 'bad' }, silent: true }));
    assert.equal(e.message, 'Wrong password');
    assert.equal(readStoredAuth().token, 'the.jwt.token');
    assert.equal(listener.got.unauthorized.length, 0);
  });

  it('a 401 when no token was sent does not announce an ended session', async () => {
    answer(401, { code: 'unauthorized', message: 'Unauthorized' });
    await rejection(call(userGet, { params: { id: 'u-1' } }));
    assert.equal(listener.got.unauthorized.length, 0);
  });
});

describe("call: §8 403 'Login blocked'", () => {
  it("ends the session and leaves the 'blocked' notice for the sign-in page", async () => {
    signIn();
    writeLoginNotice(null);
    answer(403, { name: 'login_blocked', code: 'login_blocked', message: 'Login blocked' });
    const e = await rejection(call(userGet, { params: { id: 'u-1' } }));
    assert.equal(e.message, 'Login blocked');
    assert.equal(e.code, 'login_blocked');
    assert.equal(readStoredAuth().authorized, false);
    assert.equal(readStoredAuth().token, null);
    assert.equal(readLoginNotice(), 'blocked');
    assert.equal(listener.got.unauthorized.length, 1);
    assert.equal(listener.got.unauthorized[0].code, 'login_blocked');
    assert.equal(listener.got.shown.length, 0);
  });

  it('another 403 (no access) keeps the session and shows the message', async () => {
    signIn();
    answer(403, { name: 'forbidden', code: 'forbidden', message: 'No access' });
    const e = await rejection(call(postCreate, { body: { message: 'hi' } }));
    assert.equal(e.message, 'No access');
    assert.equal(readStoredAuth().token, 'the.jwt.token');
    assert.equal(listener.got.unauthorized.length, 0);
    assert.deepEqual(
      listener.got.shown.map((x) => x.message),
      ['No access'],
    );
  });
});

describe('call: §8 errors for the error dialog', () => {
  it("404 shows 'The requested resource was not found'", async () => {
    answer(404, undefined);
    const e = await rejection(call(userGet, { params: { id: 'gone' } }));
    assert.equal(e.message, 'The requested resource was not found');
    assert.deepEqual(
      listener.got.shown.map((x) => x.message),
      ['The requested resource was not found'],
    );
  });

  it("a route the server does not have (404 apiNotFound) is shown even on a silent call; an entity's 404 on a silent call is not", async () => {
    answer(404, { name: 'not_found', code: 'apiNotFound', message: 'The requested resource was not found' });
    const e = await rejection(call(userGet, { params: { id: 'x' }, silent: true }));
    assert.equal(e.code, 'apiNotFound');
    assert.equal(e.silent, false);
    answer(404, { name: 'not_found', code: 'not_found', message: 'The requested resource was not found' });
    assert.equal((await rejection(call(userGet, { params: { id: 'gone' }, silent: true }))).silent, true);
    assert.deepEqual(
      listener.got.shown.map((x) => x.code),
      ['apiNotFound'],
    );
  });

  it('500 shows the message from the body', async () => {
    answer(500, { name: 'internal', code: 'internal', message: 'Mail server down' });
    await rejection(call(postCreate, { body: { message: 'hi' } }));
    assert.deepEqual(
      listener.got.shown.map((x) => x.message),
      ['Mail server down'],
    );
  });

  it('the no-show flag, a silent call and field validation errors are not shown in the dialog', async () => {
    answer(500, { message: 'Quiet', noShow: true });
    assert.equal((await rejection(call(postCreate, { body: { message: 'hi' } }))).silent, true);
    answer(500, { message: 'Inline' });
    assert.equal((await rejection(call(postCreate, { body: { message: 'hi' }, silent: true }))).message, 'Inline');
    answer(400, { code: 'validation', message: 'Validation error', errors: [{ field: 'message', message: 'Field is required' }] });
    assert.deepEqual((await rejection(call(postCreate, { body: { message: '' } }))).fieldErrors(), { message: 'Field is required' });
    assert.equal(listener.got.shown.length, 0);
  });

  it('a 400 without field errors is shown', async () => {
    answer(400, { code: 'bad_request', message: 'Cannot delete root department' });
    await rejection(call(postCreate, { body: { message: 'x' } }));
    assert.deepEqual(
      listener.got.shown.map((x) => x.message),
      ['Cannot delete root department'],
    );
  });
});

describe('call: §8 no response', () => {
  it("a network failure raises 'No connection' (status 0, 'Problems connecting to server'), not the dialog", async () => {
    signIn();
    g.fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const e = await rejection(call(userGet, { params: { id: 'u-1' } }));
    assert.equal(e.status, 0);
    assert.equal(e.message, 'Problems connecting to server');
    assert.equal(listener.got.connectionLost.length, 1);
    assert.equal(listener.got.shown.length, 0);
    assert.equal(readStoredAuth().token, 'the.jwt.token', 'an unreachable server does not end the session');
  });

  it('a proxy 502/503/504 without a JSON body counts as no response; a JSON 503 from the API does not', async () => {
    answer(502, '<html>Bad Gateway</html>');
    assert.equal((await rejection(call(userGet, { params: { id: 'u-1' } }))).status, 0);
    answer(504, undefined);
    assert.equal((await rejection(call(userGet, { params: { id: 'u-1' } }))).status, 0);
    assert.equal(listener.got.connectionLost.length, 2);
    answer(503, { code: 'unavailable', message: 'Maintenance' });
    const e = await rejection(call(userGet, { params: { id: 'u-1' } }));
    assert.equal(e.status, 503);
    assert.equal(listener.got.connectionLost.length, 2);
    assert.deepEqual(
      listener.got.shown.map((x) => x.message),
      ['Maintenance'],
    );
  });

  it('a POST carries one Idempotency-Key, kept on its retries after a lost connection; a GET carries none', async () => {
    const keys: (string | undefined)[] = [];
    let failures = 2;
    g.fetch = (async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      if (failures-- > 0) throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ token: 't' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    assert.deepEqual(await call(login, { body: { login: 'ann', password: 'pw' } }), { token: 't' });
    assert.equal(keys.length, 3, 'two retries');
    assert.match(keys[0]!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(new Set(keys).size, 1, 'the same key each time');
    assert.equal(listener.got.connectionLost.length, 0);
    answer(200, { token: 't' });
    await call(login, { body: { login: 'ann', password: 'pw' } });
    assert.notEqual(sent[0].headers['Idempotency-Key'], keys[0], 'a new call, a new key');
    answer(200, { result: { _id: 'u-1' } });
    await call(userGet, { params: { id: 'u-1' } });
    assert.equal(sent[1].headers['Idempotency-Key'], undefined);
  });

  it('an aborted request is rethrown as it is, without raising No connection', async () => {
    g.fetch = (async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    }) as typeof fetch;
    await assert.rejects(call(userGet, { params: { id: 'u-1' } }), (e: unknown) => e instanceof DOMException && e.name === 'AbortError');
    assert.equal(listener.got.connectionLost.length, 0);
  });
});
