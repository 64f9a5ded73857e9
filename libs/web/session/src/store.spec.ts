import assert from 'node:assert/strict';
import { beforeEach, describe, it } from '@jest/globals';
import { access, defineRoute, z } from '@intranet/platform-contracts';
import { call, MemoryStorage, readStoredAuth, readStoredClient, STORAGE_KEYS, writeKey, writeStoredClient } from '@intranet/web-api';
import {
  checkStoredSession,
  clearSession,
  getSessionSnapshot,
  rememberPath,
  setCurrentClient,
  startPath,
  storeLogin,
  storeStartPage,
  subscribeSession,
  takeRememberedPath,
} from './store.ts';

const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage };
g.localStorage = new MemoryStorage();
g.sessionStorage = new MemoryStorage();

const jwt = (payload: unknown) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600;
const validToken = (clientId: string | null = 'c-1', uid = 'u-1') => jwt({ exp: inAnHour(), client_id: clientId, result: { _id: uid } });
const expiredToken = () => jwt({ exp: anHourAgo(), client_id: 'c-1', result: { _id: 'u-1' } });
const SESSION_KEYS = [STORAGE_KEYS.authorization, STORAGE_KEYS.token, STORAGE_KEYS.uid] as const;

/** A session as an earlier sign-in left it in storage. */
function stored(token: string | null, authorized = true): void {
  writeKey(STORAGE_KEYS.authorization, authorized ? 'true' : null);
  writeKey(STORAGE_KEYS.token, token);
  writeKey(STORAGE_KEYS.uid, 'u-1');
  writeStoredClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
}

beforeEach(() => {
  clearSession();
  g.localStorage.clear();
  g.sessionStorage.clear();
});

describe('§4 storage keys', () => {
  it('are authorization, token, uid and currentClient', () => {
    assert.equal(STORAGE_KEYS.authorization, 'authorization');
    assert.equal(STORAGE_KEYS.token, 'token');
    assert.equal(STORAGE_KEYS.uid, 'uid');
    assert.equal(STORAGE_KEYS.currentClient, 'currentClient');
  });
});

describe('§4 on login (storeLogin)', () => {
  it("stores authorization 'true', the token and the user id, and publishes the session", () => {
    const token = validToken();
    let notified = 0;
    const off = subscribeSession(() => notified++);
    assert.equal(storeLogin(token, 'u-1'), true);
    off();
    assert.equal(g.localStorage.getItem('authorization'), 'true');
    assert.equal(g.localStorage.getItem('token'), token);
    assert.equal(g.localStorage.getItem('uid'), 'u-1');
    assert.equal(notified, 1);
    assert.deepEqual(getSessionSnapshot(), { authorized: true, token, uid: 'u-1', tokenClientId: 'c-1', currentClient: null });
  });

  it('takes the user id from the token when the answer has none', () => {
    assert.equal(storeLogin(validToken('c-1', 'from-token')), true);
    assert.equal(g.localStorage.getItem('uid'), 'from-token');
  });

  it('an expired token clears authorization, token and user id and refuses the sign-in', () => {
    stored(validToken());
    assert.equal(storeLogin(expiredToken(), 'u-1'), false);
    for (const key of SESSION_KEYS) assert.equal(g.localStorage.getItem(key), null, key);
    assert.equal(getSessionSnapshot().authorized, false);
    assert.equal(getSessionSnapshot().token, null);
  });

  it('a malformed token is refused the same way', () => {
    stored(validToken());
    assert.equal(storeLogin('not-a-jwt'), false);
    assert.equal(readStoredAuth().authorized, false);
  });

  it("forgets the stored current client when it is another client's, keeps it when it is the user's own", () => {
    writeStoredClient({ _id: 'c-other', workspace: 'other', name: 'Other' });
    storeLogin(validToken('c-1'));
    assert.equal(readStoredClient(), null);
    writeStoredClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    storeLogin(validToken('c-1'));
    assert.equal(readStoredClient()?._id, 'c-1');
  });

  it("keeps the superadmin's chosen working client (its token has no client)", () => {
    writeStoredClient({ _id: 'c-9', workspace: 'nine', name: 'Nine' });
    storeLogin(validToken(null, 'root'));
    assert.equal(readStoredClient()?._id, 'c-9');
    assert.equal(getSessionSnapshot().tokenClientId, null);
  });
});

describe('§4 session check (checkStoredSession)', () => {
  it('a valid stored token passes and stays', () => {
    const token = validToken();
    stored(token);
    assert.equal(checkStoredSession(), true);
    assert.equal(g.localStorage.getItem('token'), token);
  });

  it('an expired token clears the stored session', () => {
    stored(expiredToken());
    assert.equal(checkStoredSession(), false);
    for (const key of [...SESSION_KEYS, STORAGE_KEYS.currentClient]) assert.equal(g.localStorage.getItem(key), null, key);
  });

  it('an empty token clears the stored session', () => {
    stored(null);
    assert.equal(checkStoredSession(), false);
    assert.equal(g.localStorage.getItem('authorization'), null);
    assert.equal(g.localStorage.getItem('uid'), null);
  });

  it('a token without the authorization flag does not count', () => {
    stored(validToken(), false);
    assert.equal(checkStoredSession(), false);
    assert.equal(g.localStorage.getItem('token'), null);
  });

  it('publishes the end of a session that was live', () => {
    storeLogin(validToken());
    assert.equal(getSessionSnapshot().authorized, true);
    writeKey(STORAGE_KEYS.token, expiredToken());
    let notified = 0;
    const off = subscribeSession(() => notified++);
    assert.equal(checkStoredSession(), false);
    off();
    assert.equal(notified, 1);
    assert.equal(getSessionSnapshot().authorized, false);
  });
});

describe('§8 401 from the API ends the session', () => {
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

  it('clears the stored keys and publishes an anonymous session', async () => {
    storeLogin(validToken());
    writeStoredClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    let notified = 0;
    const off = subscribeSession(() => notified++);
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ code: 'unauthorized', message: 'Unauthorized' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    try {
      await assert.rejects(call(userGet, { params: { id: 'u-1' } }), { status: 401 });
    } finally {
      globalThis.fetch = realFetch;
      off();
    }
    assert.ok(notified >= 1);
    assert.deepEqual(getSessionSnapshot(), { authorized: false, token: null, uid: null, tokenClientId: null, currentClient: null });
    assert.deepEqual(readStoredAuth(), { authorized: false, token: null, uid: null, currentClient: null });
  });
});

describe('§2 remembered path', () => {
  it('is returned once after sign-in, then forgotten', () => {
    rememberPath('/articles/p-1?tag=x#top');
    assert.equal(takeRememberedPath(), '/articles/p-1?tag=x#top');
    assert.equal(takeRememberedPath(), null);
  });

  it('the latest wanted path wins', () => {
    rememberPath('/company');
    rememberPath('/profile/u-2');
    assert.equal(takeRememberedPath(), '/profile/u-2');
  });

  it('only same-site paths are followed (no protocol-relative or absolute URLs)', () => {
    for (const p of ['//evil.example/x', 'https://evil.example/', 'company']) {
      rememberPath(p);
      assert.equal(takeRememberedPath(), null, p);
    }
  });

  it('is kept for this tab only (sessionStorage), not with the §4 keys', () => {
    rememberPath('/company');
    assert.equal(g.localStorage.length, 0);
    assert.equal(g.sessionStorage.length, 1);
  });
});

describe('§2 root path (startPath)', () => {
  it('goes to clients for the superadmin whatever the start page', () => {
    storeStartPage('profile');
    assert.equal(startPath({ superadmin: true, uid: 'root' }), '/clients');
  });

  it('defaults to the wall (company)', () => {
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/company');
    storeStartPage(null);
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/company');
    storeStartPage('');
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/company');
    storeStartPage('company');
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/company');
  });

  it("'profile' becomes profile/{user id}", () => {
    storeStartPage('profile');
    assert.equal(startPath({ superadmin: false, uid: 'u-7' }), '/profile/u-7');
    assert.equal(startPath({ superadmin: false, uid: null }), '/company', 'no user id yet: the wall');
  });

  it('another start page is followed, slashes normalised', () => {
    storeStartPage('/vacancies/');
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/vacancies');
    storeStartPage('articles');
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/articles');
    storeStartPage('//evil.example');
    assert.equal(startPath({ superadmin: false, uid: 'u-1' }), '/evil.example', 'never a protocol-relative URL');
  });

  it('is kept in local storage', () => {
    storeStartPage('polls');
    assert.equal(g.localStorage.getItem(STORAGE_KEYS.startPage), 'polls');
  });
});

describe('current client (X-COMPANY-ID)', () => {
  it('is stored and published only when it changes', () => {
    let notified = 0;
    const off = subscribeSession(() => notified++);
    setCurrentClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    setCurrentClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    off();
    assert.equal(notified, 1);
    assert.deepEqual(JSON.parse(g.localStorage.getItem('currentClient')!), { _id: 'c-1', workspace: 'acme', name: 'Acme' });
    setCurrentClient(null);
    assert.equal(g.localStorage.getItem('currentClient'), null);
  });
});
