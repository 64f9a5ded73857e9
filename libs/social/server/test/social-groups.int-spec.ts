// @slow 30s: three clients, a dozen people, every §4 group transition.
import { GROUP_TEXT, socialRoutes } from '@intranet/social-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { fieldMessages, post, recordEvents } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;
type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

describe('social: groups (§7 Groups, §4 Group, §5 Group, visibility by type)', () => {
  let t: TestPortal;
  let a: Client;
  let other: Client;
  let ann: Emp; // owner of the groups
  let bob: Emp; // asks, joins, is invited
  let cid: Emp; // outsider of the same client
  let dan: Emp; // takes over
  let eve: Emp; // another client's employee
  let events: Awaited<ReturnType<typeof recordEvents>>;
  let closedId: string;
  let privateId: string;
  let publicId: string;

  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('grpa');
    other = await t.makeClient('grpb');
    ann = await t.makeEmployee(a.adminToken, 'ann@grpa.test', { firstName: 'Ann' });
    bob = await t.makeEmployee(a.adminToken, 'bob@grpa.test', { firstName: 'Bob' });
    cid = await t.makeEmployee(a.adminToken, 'cid@grpa.test', { firstName: 'Cid' });
    dan = await t.makeEmployee(a.adminToken, 'dan@grpa.test', { firstName: 'Dan' });
    eve = await t.makeEmployee(other.adminToken, 'eve@grpb.test');
    events = await recordEvents(t);
  });
  afterAll(() => t.close());

  const create = async (token: string, body: Record<string, unknown>) => t.call(socialRoutes.groupCreate, { token, body });
  const get = (token: string, id: string) => t.call(socialRoutes.groupGet, { token, params: { id } });

  it('§5: name required ≤ 50, description required ≤ 250, type required; nothing is stored on a refusal', async () => {
    const r = await create(ann.token, { name: '', description: 'x'.repeat(251) });
    assert.equal(r.status, 400);
    assert.deepEqual(fieldMessages(r.body), { name: 'Field is required', description: 'Max 250 symbols', type: 'Field is required' });
    const long = await create(ann.token, { name: 'n'.repeat(51), description: 'd', type: 'public' });
    assert.equal(fieldMessages(long.body).name, 'Max 50 symbols');
    const list = await t.call(socialRoutes.groupByClient, { token: ann.token, params: { id: a.client._id } });
    assert.equal(list.body.result.total, 0);
  });

  it('creates public, closed and private groups; the creator is owner and first member', async () => {
    const pub = await create(ann.token, { name: 'Runners', description: 'We run on Fridays', type: 'public' });
    assert.equal(pub.status, 200, JSON.stringify(pub.body));
    assert.equal(pub.body.result.state, 'owner');
    assert.equal(pub.body.result.members_count, 1);
    assert.deepEqual(pub.body.result.admins, [ann.user._id]);
    publicId = pub.body.result._id;
    closedId = (await create(ann.token, { name: 'Chess club', description: 'Closed chess club', type: 'closed' })).body.result._id;
    privateId = (await create(ann.token, { name: 'Secret board', description: 'Private board of ann', type: 'private' })).body.result._id;
  });

  it('catalogue: public and closed for everyone, private only for its members; search by name', async () => {
    const names = async (token: string, search?: string) =>
      (await t.call(socialRoutes.groupByClient, { token, params: { id: a.client._id }, query: search ? { search } : undefined })).body.result.groups.map(
        (g: { name: string }) => g.name,
      );
    assert.deepEqual(await names(ann.token), ['Chess club', 'Runners', 'Secret board']);
    assert.deepEqual(await names(cid.token), ['Chess club', 'Runners']);
    assert.deepEqual(await names(cid.token, 'CHESS'), ['Chess club']);
    const byUser = await t.call(socialRoutes.groupByUser, { token: cid.token, params: { id: ann.user._id } });
    assert.deepEqual(
      byUser.body.result.groups.map((g: { name: string }) => g.name),
      ['Chess club', 'Runners'],
    );
  });

  it('a private group is 404 to non-members on every group route and feed', async () => {
    const calls = [
      get(cid.token, privateId),
      t.call(socialRoutes.groupCanRead, { token: cid.token, params: { id: privateId } }),
      t.call(socialRoutes.groupMembers, { token: cid.token, params: { id: privateId } }),
      t.call(socialRoutes.groupJoin, { token: cid.token, params: { id: privateId } }),
      t.call(socialRoutes.postGroup, { token: cid.token, params: { id: privateId } }),
      t.call(socialRoutes.groupUpdate, { token: cid.token, params: { id: privateId }, body: { name: 'x' } }),
      t.call(socialRoutes.postCreate, { token: cid.token, body: { message: 'hi', parent: { type: 'group', id: privateId } } }),
    ];
    for (const r of await Promise.all(calls)) assert.equal(r.status, 404, JSON.stringify(r.body));
  });

  it('public: join at once, post, the post is on the wall too; leave', async () => {
    const j = await t.call(socialRoutes.groupJoin, { token: cid.token, params: { id: publicId } });
    assert.equal(j.body.result.state, 'member');
    assert.equal(j.body.result.members_count, 2);
    await post(t, cid.token, { message: 'Public group run', parent: { type: 'group', id: publicId } });
    const wall = await t.call(socialRoutes.postNews, { token: dan.token, params: { clientId: a.client._id, page: 1 } });
    assert.ok(wall.body.result.posts.some((p: { message: string }) => p.message.includes('Public group run')));
    const l = await t.call(socialRoutes.groupLeave, { token: cid.token, params: { id: publicId } });
    assert.equal(l.body.result.state, 'none');
    assert.equal(l.body.result.members_count, 1);
  });

  it('closed: ask, a non-admin cannot approve, the admin approves, the member posts, an outsider sees nothing of it', async () => {
    const ask = await t.call(socialRoutes.groupJoin, { token: bob.token, params: { id: closedId } });
    assert.equal(ask.body.result.state, 'requested');
    assert.equal(ask.body.result.can_read, false);
    // Before approval Bob may not post nor read.
    const early = await t.call(socialRoutes.postCreate, { token: bob.token, body: { message: 'too early', parent: { type: 'group', id: closedId } } });
    assert.equal(early.status, 403);
    assert.equal(early.body.code, 'groupPostNotMember');
    assert.equal((await t.call(socialRoutes.postGroup, { token: bob.token, params: { id: closedId } })).status, 403);

    const byCid = await t.call(socialRoutes.groupRequestApprove, { token: cid.token, params: { groupId: closedId, userId: bob.user._id } });
    assert.equal(byCid.status, 403);
    assert.equal(byCid.body.message, GROUP_TEXT.notAdmin);
    assert.equal(byCid.body.code, 'groupNotAdmin');

    const list = await t.call(socialRoutes.groupRequests, { token: ann.token, params: { id: closedId } });
    assert.deepEqual(
      list.body.result.map((p: { user: { _id: string } }) => p.user._id),
      [bob.user._id],
    );
    const ok = await t.call(socialRoutes.groupRequestApprove, { token: ann.token, params: { groupId: closedId, userId: bob.user._id } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.result.members_count, 2);
    assert.equal(ok.body.result.requests_count, 0);
    const twice = await t.call(socialRoutes.groupRequestApprove, { token: ann.token, params: { groupId: closedId, userId: bob.user._id } });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.code, 'groupNoRequest');

    const p = await post(t, bob.token, { message: 'Closed chess secret move', parent: { type: 'group', id: closedId } });
    const feed = await t.call(socialRoutes.postGroup, { token: ann.token, params: { id: closedId } });
    assert.deepEqual(
      feed.body.result.posts.map((x: { _id: string }) => x._id),
      [p._id],
    );
    // The outsider: 403 on the feed and members, 404 on the post itself, nothing in any feed or search.
    assert.equal((await t.call(socialRoutes.postGroup, { token: cid.token, params: { id: closedId } })).status, 403);
    assert.equal((await t.call(socialRoutes.groupMembers, { token: cid.token, params: { id: closedId } })).status, 403);
    assert.equal((await t.call(socialRoutes.postGet, { token: cid.token, params: { id: p._id } })).status, 404);
    assert.equal((await t.call(socialRoutes.commentCreate, { token: cid.token, body: { parent_id: p._id, message: 'peek' } })).status, 404);
    for (const r of [
      await t.call(socialRoutes.postGroupUser, { token: cid.token, params: { id: bob.user._id } }),
      await t.call(socialRoutes.postUser, { token: cid.token, params: { id: bob.user._id } }),
      await t.call(socialRoutes.postQuery, { token: cid.token, query: { search: 'chess secret' } }),
      await t.call(socialRoutes.postNews, { token: cid.token, params: { clientId: a.client._id, page: 1 } }),
    ])
      assert.ok(!JSON.stringify(r.body).includes('Closed chess secret'), JSON.stringify(r.body));
    // A member sees it in "my groups" feed.
    const mine = await t.call(socialRoutes.postGroupUser, { token: bob.token, params: { id: bob.user._id } });
    assert.ok(mine.body.result.posts.some((x: { _id: string }) => x._id === p._id));
    // Its realtime event goes to the group's readers only.
    const created = await eventually(() => events.find((e) => e.subject === 'evt.social.post.created' && e.data.post._id === p._id));
    assert.deepEqual([...created.data.userIds].sort(), [ann.user._id, bob.user._id].sort());
    // So do its likes and views (ids and counts of a closed group's post are not for the whole client).
    assert.equal((await t.call(socialRoutes.postLike, { token: ann.token, body: { like_type: 'post', post_id: p._id } })).status, 200);
    assert.equal((await t.call(socialRoutes.postView, { token: ann.token, params: { id: p._id }, body: { user_id: ann.user._id } })).status, 200);
    const liked = await eventually(() => events.find((e) => e.subject === 'evt.social.like.changed' && e.data.post_id === p._id));
    assert.deepEqual([...liked.data.userIds].sort(), [ann.user._id, bob.user._id].sort());
    const viewed = await eventually(() =>
      events.find((e) => e.subject === 'evt.social.view.changed' && e.data.posts.some((x: { _id: string }) => x._id === p._id)),
    );
    assert.deepEqual([...viewed.data.userIds].sort(), [ann.user._id, bob.user._id].sort());
  });

  it('closed: reject and cancel', async () => {
    await t.call(socialRoutes.groupJoin, { token: cid.token, params: { id: closedId } });
    const rej = await t.call(socialRoutes.groupRequestReject, { token: ann.token, params: { groupId: closedId, userId: cid.user._id } });
    assert.equal(rej.status, 200);
    assert.equal((await get(cid.token, closedId)).body.result.state, 'none');
    await t.call(socialRoutes.groupJoin, { token: cid.token, params: { id: closedId } });
    const pending = await t.call(socialRoutes.groupPending, { token: cid.token, params: { id: cid.user._id } });
    assert.deepEqual(
      pending.body.result.requests.map((p: { group_id: string }) => p.group_id),
      [closedId],
    );
    const c = await t.call(socialRoutes.groupRequestCancel, { token: cid.token, params: { id: closedId } });
    assert.equal(c.body.result.state, 'none');
    const again = await t.call(socialRoutes.groupRequestCancel, { token: cid.token, params: { id: closedId } });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, GROUP_TEXT.noRequest);
  });

  it('private: an invitation makes it visible; decline hides it again; accept makes a member', async () => {
    const inv = await t.call(socialRoutes.groupInvite, { token: ann.token, params: { id: privateId }, body: { user_ids: [cid.user._id, bob.user._id] } });
    assert.equal(inv.body.result.invitations_count, 2);
    assert.equal((await get(cid.token, privateId)).body.result.state, 'invited');
    assert.equal((await t.call(socialRoutes.groupInvitationDecline, { token: cid.token, params: { id: privateId } })).status, 200);
    assert.equal((await get(cid.token, privateId)).status, 404);
    const acc = await t.call(socialRoutes.groupInvitationAccept, { token: bob.token, params: { id: privateId } });
    assert.equal(acc.body.result.state, 'member');
    const members = await t.call(socialRoutes.groupMembers, { token: bob.token, params: { id: privateId } });
    assert.deepEqual(
      members.body.result.members.map((m: { _id: string; role: string }) => [m._id, m.role]),
      [
        [ann.user._id, 'owner'],
        [bob.user._id, 'member'],
      ],
    );
    const none = await t.call(socialRoutes.groupInvitationAccept, { token: bob.token, params: { id: privateId } });
    assert.equal(none.status, 409);
  });

  it('a group admin withdraws a pending invitation (issue 29 §23); the invitee no longer sees the private group', async () => {
    // Its own owner: the groups below must not join ann's (replace_owner counts them).
    const fay = await t.makeEmployee(a.adminToken, 'fay@grpa.test', { firstName: 'Fay' });
    const g = (await create(fay.token, { name: 'Board minutes', description: 'Private minutes', type: 'private' })).body.result._id;
    await t.call(socialRoutes.groupInvite, { token: fay.token, params: { id: g }, body: { user_ids: [cid.user._id] } });
    assert.equal((await get(cid.token, g)).body.result.state, 'invited');
    const withdraw = (token: string, userId: string) => t.call(socialRoutes.groupInvitationWithdraw, { token, params: { groupId: g, userId } });
    // Only the group's admins withdraw: the invitee (who sees the group) declines instead; a colleague who is
    // neither member nor invited does not see the private group at all.
    assert.equal((await withdraw(cid.token, cid.user._id)).status, 403, 'the invitee is no group admin');
    assert.equal((await withdraw(dan.token, cid.user._id)).status, 404, 'the private group is hidden from a non-member');
    assert.equal((await withdraw(eve.token, cid.user._id)).status, 404, 'another client');
    const done = await withdraw(fay.token, cid.user._id);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.result.invitations_count, 0);
    assert.equal((await t.call(socialRoutes.groupInvitations, { token: fay.token, params: { id: g } })).body.result.length, 0);
    assert.equal((await get(cid.token, g)).status, 404);
    assert.equal((await t.call(socialRoutes.groupInvitationAccept, { token: cid.token, params: { id: g } })).status, 404);
    const again = await withdraw(fay.token, cid.user._id);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, GROUP_TEXT.noInvitation);
    // A member who is no group admin cannot withdraw either.
    const open = (await create(fay.token, { name: 'Open minutes', description: 'Public minutes', type: 'public' })).body.result._id;
    await t.call(socialRoutes.groupJoin, { token: bob.token, params: { id: open } });
    await t.call(socialRoutes.groupInvite, { token: fay.token, params: { id: open }, body: { user_ids: [dan.user._id] } });
    const byMember = await t.call(socialRoutes.groupInvitationWithdraw, { token: bob.token, params: { groupId: open, userId: dan.user._id } });
    assert.equal(byMember.status, 403);
    assert.equal((await t.call(socialRoutes.groupInvitations, { token: fay.token, params: { id: open } })).body.result.length, 1);
    const told = await eventually(() => events.find((e) => e.subject === 'evt.social.group.changed' && e.data._id === g && e.data.action === 'withdrawn'));
    assert.deepEqual(told.data.user_ids, [cid.user._id]);
  });

  it('the owner cannot leave; hands over to a member (not to a non-member), then may leave; admins remove members', async () => {
    const leave = await t.call(socialRoutes.groupLeave, { token: ann.token, params: { id: closedId } });
    assert.equal(leave.status, 409);
    assert.equal(leave.body.message, GROUP_TEXT.ownerCannotLeave);
    assert.equal(leave.body.code, 'groupOwnerLeave');
    const bad = await t.call(socialRoutes.groupSetOwner, { token: ann.token, params: { groupId: closedId, newOwner: dan.user._id } });
    assert.equal(bad.status, 400);
    assert.equal(fieldMessages(bad.body).newOwner, GROUP_TEXT.notMember);
    const byBob = await t.call(socialRoutes.groupSetOwner, { token: bob.token, params: { groupId: closedId, newOwner: bob.user._id } });
    assert.equal(byBob.status, 403);
    const ok = await t.call(socialRoutes.groupSetOwner, { token: ann.token, params: { groupId: closedId, newOwner: bob.user._id } });
    assert.equal(ok.body.result.owner, bob.user._id);
    assert.equal(ok.body.result.state, 'admin');
    const removeOwner = await t.call(socialRoutes.groupMemberRemove, { token: ann.token, params: { groupId: closedId, userId: bob.user._id } });
    assert.equal(removeOwner.status, 409);
    assert.equal(removeOwner.body.code, 'groupOwnerRemove');
    const left = await t.call(socialRoutes.groupLeave, { token: ann.token, params: { id: closedId } });
    assert.equal(left.status, 200);
    assert.equal(left.body.result.state, 'none');
    // Bob (owner now) removes a member he adds first through an invitation.
    await t.call(socialRoutes.groupInvite, { token: bob.token, params: { id: closedId }, body: { user_ids: [dan.user._id] } });
    await t.call(socialRoutes.groupJoin, { token: dan.token, params: { id: closedId } });
    const rm = await t.call(socialRoutes.groupMemberRemove, { token: bob.token, params: { groupId: closedId, userId: dan.user._id } });
    assert.equal(rm.body.result.members_count, 1);
    assert.equal((await get(dan.token, closedId)).body.result.state, 'none');
  });

  it('grants: a read grant opens a closed group to a non-member; removing it closes it again', async () => {
    const g = await t.call(socialRoutes.groupGrantAdd, { token: bob.token, params: { groupId: closedId, userId: cid.user._id }, body: { level: 'read' } });
    assert.equal(g.body.result.level, 'read');
    assert.equal((await t.call(socialRoutes.postGroup, { token: cid.token, params: { id: closedId } })).status, 200);
    const can = await t.call(socialRoutes.groupCanRead, { token: cid.token, params: { id: closedId } });
    assert.deepEqual([can.body.result.read, can.body.result.write], [true, false]);
    const byCid = await t.call(socialRoutes.groupGrantAdd, { token: cid.token, params: { groupId: closedId, userId: cid.user._id }, body: { level: 'write' } });
    assert.equal(byCid.status, 403);
    await t.call(socialRoutes.groupGrantRemove, { token: bob.token, params: { groupId: closedId, userId: cid.user._id } });
    assert.equal((await t.call(socialRoutes.postGroup, { token: cid.token, params: { id: closedId } })).status, 403);
  });

  it('edit (admins only, §5 on update) and a type change moves the posts on or off the wall', async () => {
    const byCid = await t.call(socialRoutes.groupUpdate, { token: cid.token, params: { id: publicId }, body: { name: 'Mine' } });
    assert.equal(byCid.status, 403);
    const long = await t.call(socialRoutes.groupUpdate, { token: ann.token, params: { id: publicId }, body: { name: 'x'.repeat(51) } });
    assert.equal(long.status, 400);
    const toClosed = await t.call(socialRoutes.groupUpdate, { token: ann.token, params: { id: publicId }, body: { type: 'closed' } });
    assert.equal(toClosed.body.result.type, 'closed');
    const wall = await t.call(socialRoutes.postNews, { token: dan.token, params: { clientId: a.client._id, page: 1 } });
    assert.ok(!JSON.stringify(wall.body).includes('Public group run'));
    await t.call(socialRoutes.groupUpdate, { token: ann.token, params: { id: publicId }, body: { type: 'public' } });
    const wall2 = await t.call(socialRoutes.postNews, { token: dan.token, params: { clientId: a.client._id, page: 1 } });
    assert.ok(JSON.stringify(wall2.body).includes('Public group run'));
  });

  it('replace_owner moves every group the user owns in the client (private ones too) in one call; admins only', async () => {
    const refused = await t.call(socialRoutes.groupReplaceOwner, { token: cid.token, params: { userId: ann.user._id, clientId: a.client._id }, body: {} });
    assert.equal(refused.status, 403);
    const foreign = await t.call(socialRoutes.groupReplaceOwner, {
      token: other.adminToken,
      params: { userId: ann.user._id, clientId: a.client._id },
      body: {},
    });
    assert.equal(foreign.status, 404);
    const r = await t.call(socialRoutes.groupReplaceOwner, {
      token: a.adminToken,
      params: { userId: ann.user._id, clientId: a.client._id },
      body: { owner: dan.user._id },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.result, { moved: 2, owner: dan.user._id });
    for (const id of [publicId, privateId]) {
      const g = await get(dan.token, id);
      assert.equal(g.body.result.owner, dan.user._id);
      assert.equal(g.body.result.state, 'owner');
    }
    assert.equal((await get(ann.token, privateId)).body.result.state, 'member');
  });

  it('isolation: another client gets 404 and no data on every group route; its catalogue is its own', async () => {
    const calls = [
      get(eve.token, publicId),
      get(eve.token, closedId),
      t.call(socialRoutes.groupJoin, { token: eve.token, params: { id: publicId } }),
      t.call(socialRoutes.postGroup, { token: eve.token, params: { id: publicId } }),
      t.call(socialRoutes.groupMembers, { token: eve.token, params: { id: publicId } }),
      t.call(socialRoutes.groupByClient, { token: eve.token, params: { id: a.client._id } }),
      t.call(socialRoutes.groupByUser, { token: eve.token, params: { id: ann.user._id } }),
      t.call(socialRoutes.groupDelete, { token: other.adminToken, params: { id: publicId } }),
      t.call(socialRoutes.groupSetOwner, { token: other.adminToken, params: { groupId: publicId, newOwner: eve.user._id } }),
      t.call(socialRoutes.postCreate, { token: eve.token, body: { message: 'x', parent: { type: 'group', id: publicId } } }),
    ];
    for (const r of await Promise.all(calls)) {
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.ok(!JSON.stringify(r.body).includes('Runners'));
    }
    const own = await t.call(socialRoutes.groupByClient, { token: eve.token, params: { id: other.client._id } });
    assert.equal(own.body.result.total, 0);
    assert.ok(!events.some((e) => e.clientId === other.client._id && e.subject.startsWith('evt.social.group')));
  });

  it('delete: the owner or a client admin; the group and its posts go', async () => {
    const byBob = await t.call(socialRoutes.groupDelete, { token: bob.token, params: { id: publicId } });
    assert.equal(byBob.status, 403);
    const d = await t.call(socialRoutes.groupDelete, { token: a.adminToken, params: { id: closedId } });
    assert.equal(d.status, 200);
    assert.equal((await get(bob.token, closedId)).status, 404);
    const q = await t.call(socialRoutes.postQuery, { token: a.adminToken, query: { parent_type: 'group' } });
    assert.ok(!JSON.stringify(q.body).includes('Closed chess secret'));
  });
});
