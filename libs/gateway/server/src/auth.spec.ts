import assert from 'node:assert/strict';
import { afterEach, describe, it, jest } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { cachedJwtVerifier, jwtKey } from './auth.ts';

const options = { algorithms: ['HS256'] };
const verify = (token: string, key: unknown) =>
  new Promise<{ err: Error | null; payload?: unknown }>((resolve) => cachedJwtVerifier(token, key, options, (err, payload) => resolve({ err, payload })));

describe('gateway cachedJwtVerifier (verified-token cache)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers a verified token from the cache, but refuses it once expired', async () => {
    const key = jwtKey('secret-a-0123456789-0123456789-01');
    // The clock is the spec's: it starts just after a second ticks (JWT times are whole seconds, so a token signed
    // late in a second with `exp` one second on could already be expired when first verified) and is moved on.
    jest.useFakeTimers({ now: (Math.floor(Date.now() / 1000) + 1) * 1000 + 20, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const now = Math.floor(Date.now() / 1000);
    const token = jwt.sign({ sid: 's1', exp: now + 1 }, 'secret-a-0123456789-0123456789-01', { algorithm: 'HS256' });
    const first = await verify(token, key);
    assert.equal(first.err, null);
    assert.equal((first.payload as { sid: string }).sid, 's1');
    const again = await verify(token, key);
    assert.equal(again.payload, first.payload, 'the second call is the cached payload');
    jest.setSystemTime(Date.now() + 2_100);
    const late = await verify(token, key);
    assert.ok(late.err, 'an expired token is refused even though it was cached');
  });

  it('never caches a failure, and a token of another key is refused whatever the other gateway cached', async () => {
    const a = jwtKey('secret-a-0123456789-0123456789-01');
    const b = jwtKey('secret-b-0123456789-0123456789-01');
    const token = jwt.sign({ sid: 's2' }, 'secret-a-0123456789-0123456789-01', { algorithm: 'HS256', expiresIn: 60 });
    assert.equal((await verify(token, a)).err, null);
    assert.ok((await verify(token, b)).err, 'key b never verified this token');
    const forged = `${token.slice(0, -2)}xx`;
    assert.ok((await verify(forged, a)).err);
    assert.ok((await verify(forged, a)).err, 'still refused: failures are not cached');
  });
});
