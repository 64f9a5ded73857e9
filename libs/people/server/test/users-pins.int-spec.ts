import { peopleRoutes } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Pins on the wall (§4 "Users can be pinned into numbered slots; pin_move swaps slots", §7 PUT api/user/pin/{id},
 * PUT api/user/pin_move) and the wall block's list (GET api/user/pinned/{clientId}, added to §7).
 */
describe('pins: numbered slots, swaps and the wall list (§4, §7 Users)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let other: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Awaited<ReturnType<TestPortal['makeEmployee']>>;
  let bob: Awaited<ReturnType<TestPortal['makeEmployee']>>;
  let cid: Awaited<ReturnType<TestPortal['makeEmployee']>>;

  /** The wall list as `token` sees it: `[slot, user id]` pairs in the answer's order. */
  const listed = async (token: string, clientId = acme.client._id) => {
    const r = await t.call(peopleRoutes.userPinned, { token, params: { clientId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return (r.body.result as { _id: string; pinned_num: number }[]).map((u) => [u.pinned_num, u._id]);
  };
  const pin = (id: string, pinned_num: number | null, token = acme.adminToken) => t.call(peopleRoutes.userPin, { token, params: { id }, body: { pinned_num } });

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('pinco');
    other = await t.makeClient('pinother');
    ann = await t.makeEmployee(acme.adminToken, 'ann@pinco.test');
    bob = await t.makeEmployee(acme.adminToken, 'bob@pinco.test');
    cid = await t.makeEmployee(acme.adminToken, 'cid@pinco.test');
  });
  afterAll(() => t.close());

  it('nobody pinned: the list is empty', async () => {
    assert.deepEqual(await listed(ann.token), []);
  });

  it('an admin pins people into slots; every employee with the wall right sees them in slot order, without contacts', async () => {
    assert.equal((await pin(bob.user._id, 2)).status, 200);
    assert.equal((await pin(ann.user._id, 1)).status, 200);
    assert.deepEqual(await listed(cid.token), [
      [1, ann.user._id],
      [2, bob.user._id],
    ]);
    const r = await t.call(peopleRoutes.userPinned, { token: cid.token, params: { clientId: acme.client._id } });
    const first = r.body.result[0];
    assert.equal(first.fullName, ann.user.fullName);
    for (const secret of ['email', 'phone', 'inn', 'login', 'roles']) assert.ok(!(secret in first), `no ${secret} in the wall list`);
  });

  it('pinning into a taken slot swaps the two people; pin_move swaps two slots, or moves into an empty one', async () => {
    // Cid into slot 1 (Ann's): Ann takes Cid's previous slot — none, so she is unpinned.
    assert.equal((await pin(cid.user._id, 1)).status, 200);
    assert.deepEqual(await listed(ann.token), [
      [1, cid.user._id],
      [2, bob.user._id],
    ]);
    // Ann (unpinned now) into slot 2: Bob, its holder, takes Ann's previous slot — none — so he is unpinned.
    assert.equal((await pin(ann.user._id, 2)).status, 200);
    assert.deepEqual(await listed(ann.token), [
      [1, cid.user._id],
      [2, ann.user._id],
    ]);
    // A pinned person moved into another pinned person's slot: they trade slots.
    assert.equal((await pin(cid.user._id, 2)).status, 200);
    assert.deepEqual(await listed(ann.token), [
      [1, ann.user._id],
      [2, cid.user._id],
    ]);

    const move = await t.call(peopleRoutes.userPinMove, { token: acme.adminToken, body: { from: 1, to: 2 } });
    assert.equal(move.status, 200);
    assert.deepEqual(await listed(ann.token), [
      [1, cid.user._id],
      [2, ann.user._id],
    ]);
    assert.equal((await t.call(peopleRoutes.userPinMove, { token: acme.adminToken, body: { from: 2, to: 5 } })).status, 200);
    assert.deepEqual(await listed(ann.token), [
      [1, cid.user._id],
      [5, ann.user._id],
    ]);
    const empty = await t.call(peopleRoutes.userPinMove, { token: acme.adminToken, body: { from: 3, to: 1 } });
    assert.equal(empty.status, 404);
  });

  it('unpinning (null) takes a person off the wall; a deleted person is not listed', async () => {
    assert.equal((await pin(ann.user._id, null)).status, 200);
    assert.deepEqual(await listed(bob.token), [[1, cid.user._id]]);
    assert.equal((await pin(bob.user._id, 3)).status, 200);
    assert.equal((await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: bob.user._id } })).status, 200);
    assert.deepEqual(await listed(cid.token), [[1, cid.user._id]]);
  });

  it('employees only see: pin and pin_move answer 403 No access and change nothing', async () => {
    const before = await listed(cid.token);
    const p = await pin(ann.user._id, 4, cid.token);
    assert.equal(p.status, 403);
    assert.equal(p.body.message, 'No access');
    const m = await t.call(peopleRoutes.userPinMove, { token: cid.token, body: { from: 1, to: 4 } });
    assert.equal(m.status, 403);
    assert.deepEqual(await listed(cid.token), before);
  });

  it("the list needs the wall right, and only one's own client: another client's id is 404, its pins never leak", async () => {
    assert.equal((await t.call(peopleRoutes.userPin, { token: other.adminToken, params: { id: other.admin._id }, body: { pinned_num: 1 } })).status, 200);
    const foreign = await t.call(peopleRoutes.userPinned, { token: cid.token, params: { clientId: other.client._id } });
    assert.equal(foreign.status, 404);
    assert.ok(!JSON.stringify(foreign.body).includes(other.admin._id));
    // The other client's admin cannot pin one of ours either.
    assert.equal((await t.call(peopleRoutes.userPin, { token: other.adminToken, params: { id: ann.user._id }, body: { pinned_num: 9 } })).status, 404);

    const noWall = await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: ann.user._id, role: 'wall' } });
    assert.equal(noWall.status, 200);
    const annAgain = await t.login('ann@pinco.test', 'employee1');
    const refused = await t.call(peopleRoutes.userPinned, { token: annAgain.token, params: { clientId: acme.client._id } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'No access');
    // The superadmin reads any client's list.
    assert.deepEqual(await listed(acme.superToken, other.client._id), [[1, other.admin._id]]);
  });
});
