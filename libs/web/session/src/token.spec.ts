import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { decodeToken, isExpired } from './token.ts';

/** An unsigned JWT with this payload (the web never verifies the signature; the server does). */
const jwt = (payload: unknown) =>
  `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('decodeToken (§3 Login response: token carries exp, client_id, result._id)', () => {
  it('reads exp, client_id and result._id', () => {
    assert.deepEqual(decodeToken(jwt({ exp: 2_000_000_000, client_id: 'c-1', result: { _id: 'u-1' } })), {
      exp: 2_000_000_000,
      client_id: 'c-1',
      result: { _id: 'u-1' },
    });
  });

  it("a superadmin's token has no client; a token without exp has none", () => {
    assert.deepEqual(decodeToken(jwt({ result: { _id: 'root' } })), { exp: undefined, client_id: null, result: { _id: 'root' } });
    assert.equal(decodeToken(jwt({ exp: 'soon', result: { _id: 'u' } }))?.exp, undefined);
  });

  it('falls back to the standard sub claim for the user id', () => {
    assert.equal(decodeToken(jwt({ sub: 'u-2', client_id: 'c-1' }))?.result._id, 'u-2');
    assert.equal(decodeToken(jwt({ sub: 'u-2', result: { _id: 'u-3' } }))?.result._id, 'u-3', 'result._id wins');
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = jwt({ result: { _id: 'u-1' }, name: 'Тарас Шевченко ÿ??>>' });
    assert.match(token.split('.')[1], /[-_]/, 'the payload uses the url-safe alphabet');
    assert.equal(decodeToken(token)?.result._id, 'u-1');
  });

  it('returns null for missing, malformed or id-less tokens', () => {
    for (const t of [
      null,
      undefined,
      '',
      'abc',
      'a.b.c',
      'a.%%%.c',
      `x.${Buffer.from('not json').toString('base64url')}.y`,
      jwt({ exp: 1 }),
      jwt({ result: { _id: 42 } }),
      jwt(null),
    ]) {
      assert.equal(decodeToken(t), null, String(t));
    }
  });
});

describe('isExpired (§4: an expired token is cleared)', () => {
  const now = Date.UTC(2026, 0, 1);
  it('is true once exp (seconds) is reached, false before', () => {
    assert.equal(isExpired({ exp: now / 1000 - 1, client_id: null, result: { _id: 'u' } }, now), true);
    assert.equal(isExpired({ exp: now / 1000, client_id: null, result: { _id: 'u' } }, now), true);
    assert.equal(isExpired({ exp: now / 1000 + 1, client_id: null, result: { _id: 'u' } }, now), false);
  });

  it('a token without exp never expires on the client', () => {
    assert.equal(isExpired({ client_id: null, result: { _id: 'u' } }, now), false);
  });

  it('uses the current time by default', () => {
    assert.equal(isExpired({ exp: Math.floor(Date.now() / 1000) - 60, client_id: null, result: { _id: 'u' } }), true);
    assert.equal(isExpired({ exp: Math.floor(Date.now() / 1000) + 3600, client_id: null, result: { _id: 'u' } }), false);
  });
});
