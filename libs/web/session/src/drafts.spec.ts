import assert from 'node:assert/strict';
import { beforeEach, describe, it } from '@jest/globals';
import { MemoryStorage } from '@intranet/web-api';
import { readDraft, writeDraft } from './drafts.ts';
import { checkStoredSession, clearSession, sessionEndedUnexpectedly, storeLogin } from './store.ts';

const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage };
g.localStorage ??= new MemoryStorage();
g.sessionStorage ??= new MemoryStorage();
const jwt = (exp: number, uid = 'u-1') => `h.${Buffer.from(JSON.stringify({ exp, client_id: 'c-1', result: { _id: uid } })).toString('base64url')}.s`;
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  clearSession();
  g.localStorage.clear();
});

describe('composer drafts and the end of a session (issue 8 §4)', () => {
  it('drafts are kept per user and an empty one is removed', () => {
    writeDraft('u-1', 'wall:post', { text: 'half a post' });
    writeDraft('u-2', 'wall:post', { text: 'someone else' });
    assert.deepEqual(readDraft('u-1', 'wall:post'), { text: 'half a post' });
    assert.deepEqual(readDraft('u-2', 'wall:post'), { text: 'someone else' });
    assert.equal(readDraft(null, 'wall:post'), null, 'nobody signed in reads nothing');
    writeDraft('u-1', 'wall:post', null);
    assert.equal(readDraft('u-1', 'wall:post'), null);
    assert.deepEqual(readDraft('u-2', 'wall:post'), { text: 'someone else' });
  });

  it('an expired session is reported as ended (the sign-in page says so); signing out is not', () => {
    storeLogin(jwt(now() + 3600));
    clearSession();
    assert.equal(sessionEndedUnexpectedly(), false, 'a sign-out is not a lost session');
    storeLogin(jwt(now() + 3600));
    // The token expires while the page is open: the next check ends the session unexpectedly.
    g.localStorage.setItem('token', jwt(now() - 10));
    assert.equal(checkStoredSession(), false);
    assert.equal(sessionEndedUnexpectedly(), true);
    storeLogin(jwt(now() + 3600));
    assert.equal(sessionEndedUnexpectedly(), false, 'signing in again clears it');
  });
});
