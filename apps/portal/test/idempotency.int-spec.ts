import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { socialRoutes } from '@intranet/social-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Issue 18 §4: a POST retried with the same Idempotency-Key (a lost connection, a double click) creates nothing
 * twice; the retry gets the first answer. Both modes: the key store is NATS JetStream KV when NATS_URL is set.
 */
describe('Idempotency-Key on POST routes (issue 18 §4)', () => {
  let t: TestPortal;
  let admin: { token: string; clientId: string };
  let emp: { token: string };
  beforeAll(async () => {
    t = await sharedPortal();
    const c = await t.makeClient('idemco');
    admin = { token: c.adminToken, clientId: c.client._id };
    emp = await t.makeEmployee(c.adminToken, 'emp@idemco.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (token: string, key: string | undefined, message: string) =>
    t.call(socialRoutes.postCreate, { token, body: { message }, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const messages = async () => {
    const r = await t.call(socialRoutes.postNews, { token: admin.token, params: { clientId: admin.clientId, page: 1 }, query: { limit: '50' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return (r.body.result.posts as { message: string }[]).map((p) => p.message);
  };

  it('the same key twice: one post, the same answer, marked as replayed', async () => {
    const first = await post(admin.token, 'k-1', 'Once only');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const again = await post(admin.token, 'k-1', 'Once only');
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(first.headers['idempotent-replayed'], undefined);
    assert.equal((await messages()).filter((m) => m === 'Once only').length, 1);
  });

  it('the same key with another body is refused (409 idempotencyKeyReused) and changes nothing', async () => {
    assert.equal((await post(admin.token, 'k-2', 'First body')).status, 200);
    const other = await post(admin.token, 'k-2', 'Second body');
    assert.equal(other.status, 409);
    assert.equal(other.body.code, 'idempotencyKeyReused');
    assert.ok(!(await messages()).includes('Second body'));
  });

  it('keys are per user: another user with the same key makes their own post', async () => {
    assert.equal((await post(admin.token, 'k-3', 'Shared key')).status, 200);
    const theirs = await post(emp.token, 'k-3', 'Shared key');
    assert.equal(theirs.status, 200);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.equal((await messages()).filter((m) => m === 'Shared key').length, 2);
  });

  it('a refused call is not remembered: its corrected retry with the same key runs', async () => {
    const bad = await post(admin.token, 'k-4', '');
    assert.equal(bad.status, 400);
    const good = await post(admin.token, 'k-4', 'Corrected');
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.ok((await messages()).includes('Corrected'));
  });

  it('two concurrent calls with one key create one post', async () => {
    const [a, b] = await Promise.all([post(admin.token, 'k-5', 'Raced'), post(admin.token, 'k-5', 'Raced')]);
    const statuses = [a.status, b.status].sort();
    // A real race, so two outcomes for the second call: it arrives after the first finished (200, the stored
    // answer replayed) or while the first still runs (409, key in use). Either way exactly one post exists (below).
    assert.ok(statuses[0] === 200 && [200, 409].includes(statuses[1]!), String(statuses));
    assert.equal((await messages()).filter((m) => m === 'Raced').length, 1);
  });

  it('a malformed key is a 400 and creates nothing; no key keeps the old behaviour', async () => {
    const bad = await post(admin.token, 'x'.repeat(201), 'Bad key');
    assert.equal(bad.status, 400);
    assert.ok(!(await messages()).includes('Bad key'));
    assert.equal((await post(admin.token, undefined, 'No key')).status, 200);
    assert.equal((await post(admin.token, undefined, 'No key')).status, 200);
    assert.equal((await messages()).filter((m) => m === 'No key').length, 2);
  });
});
