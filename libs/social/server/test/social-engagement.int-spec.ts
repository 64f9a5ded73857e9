import { peopleRoutes } from '@intranet/people-contract';
import { socialRoutes } from '@intranet/social-contract';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { fieldMessages, post, recordEvents, reserve, upload } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe('social: likes, views, comments, follows (§7 Posts, Comments, Follow; §4 Posts)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Emp;
  let bob: Emp;
  let events: Awaited<ReturnType<typeof recordEvents>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('engage');
    ann = await t.makeEmployee(acme.adminToken, 'ann@engage.test', { firstName: 'Ann', lastName: 'Archer' });
    bob = await t.makeEmployee(acme.adminToken, 'bob@engage.test', { firstName: 'Bob', lastName: 'Baker' });
    events = await recordEvents(t);
  });
  afterAll(() => t.close());

  it('PUT /api/post/{id}/view: a view is registered once per user however often it is sent', async () => {
    const p = await post(t, ann.token, { message: 'count my views' });
    const first = await t.call(socialRoutes.postView, { token: bob.token, params: { id: p._id }, body: { user_id: bob.user._id, where: 'feed' } });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.result, { _id: p._id, views_count: 1, counted: true });
    for (let i = 0; i < 3; i++) {
      const again = await t.call(socialRoutes.postView, { token: bob.token, params: { id: p._id }, body: { user_id: bob.user._id, where: 'post' } });
      assert.deepEqual(again.body.result, { _id: p._id, views_count: 1, counted: false });
    }
    await Promise.all([1, 2, 3].map(() => t.call(socialRoutes.postView, { token: ann.token, params: { id: p._id }, body: {} })));
    const got = await t.call(socialRoutes.postGet, { token: bob.token, params: { id: p._id } });
    assert.equal(got.body.result.views_count, 2);
    assert.equal(got.body.result.viewed, true);
    assert.deepEqual(got.body.result.views.map((v: any) => v.user).sort(), [ann.user._id, bob.user._id].sort());
    const someoneElse = await t.call(socialRoutes.postView, { token: bob.token, params: { id: p._id }, body: { user_id: ann.user._id } });
    assert.equal(someoneElse.status, 403);
    await eventually(() =>
      events.find((e) => e.subject === 'evt.social.view.changed' && e.data.posts.some((x: any) => x._id === p._id && x.views_count === 1)),
    );
  });

  it('PUT api/post/all/view: views of the given posts, else the newest page, each once', async () => {
    const a = await post(t, ann.token, { message: 'all view a' });
    const b = await post(t, ann.token, { message: 'all view b' });
    const r = await t.call(socialRoutes.postAllView, { token: bob.token, body: { user_id: bob.user._id, where: 'feed', ids: [a._id, b._id] } });
    assert.equal(r.status, 200);
    assert.equal(r.body.result.viewed, 2);
    const again = await t.call(socialRoutes.postAllView, { token: bob.token, body: { user_id: bob.user._id, where: 'feed' } });
    assert.ok(!again.body.result.posts.some((p: any) => p._id === a._id || p._id === b._id));
    const feed = await t.call(socialRoutes.postNews, { token: bob.token, params: { clientId: acme.client._id, page: 1 } });
    assert.ok(feed.body.result.posts.every((p: any) => p.viewed));
    assert.equal(feed.body.result.posts.find((p: any) => p._id === a._id).views_count, 1);
  });

  it('POST api/post/like: liking twice toggles and never double-counts; like_type post, comment, answer', async () => {
    const p = await post(t, ann.token, { message: 'like me' });
    const like = () => t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'post', post_id: p._id } });
    const l1 = await like();
    assert.equal(l1.status, 200);
    assert.deepEqual(l1.body.result, { like_type: 'post', target_id: p._id, post_id: p._id, liked: true, likes_count: 1 });
    const l2 = await like();
    assert.deepEqual([l2.body.result.liked, l2.body.result.likes_count], [false, 0]);
    await like();
    await t.call(socialRoutes.postLike, { token: ann.token, body: { like_type: 'post', id: p._id } });
    const feed = await t.call(socialRoutes.postNews, { token: bob.token, params: { clientId: acme.client._id, page: 1 } });
    const item = feed.body.result.posts.find((x: any) => x._id === p._id);
    assert.deepEqual([item.likes_count, item.liked], [2, true]);
    // Concurrent double likes by one user still end at one like or none, never two.
    const c = await post(t, ann.token, { message: 'race' });
    await Promise.all([1, 2].map(() => t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'post', post_id: c._id } })));
    const raced = (await t.call(socialRoutes.postGet, { token: bob.token, params: { id: c._id } })).body.result;
    assert.ok(raced.likes_count === 0 || raced.likes_count === 1);
    assert.equal(raced.likes.length, raced.likes_count);

    const comment = (await t.call(socialRoutes.commentCreate, { token: ann.token, body: { parent_type: 'post', parent_id: p._id, message: 'a comment' } })).body
      .result;
    const answer = (
      await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_type: 'comment', parent_id: comment._id, message: 'an answer' } })
    ).body.result;
    const lc = await t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'comment', comment_id: comment._id } });
    assert.deepEqual([lc.body.result.liked, lc.body.result.likes_count, lc.body.result.post_id], [true, 1, p._id]);
    const la = await t.call(socialRoutes.postLike, { token: ann.token, body: { like_type: 'answer', answer_id: answer._id } });
    assert.deepEqual([la.body.result.liked, la.body.result.likes_count], [true, 1]);
    const full = (await t.call(socialRoutes.postGet, { token: bob.token, params: { id: p._id } })).body.result;
    assert.equal(full.likes_count, 2);
    assert.equal(full.comments[0].likes_count, 1);
    assert.equal(full.comments[0].liked, true);
    assert.equal(full.comments[0].answers[0].likes_count, 1);
    assert.equal(full.comments[0].answers[0].liked, false);
    const missing = await t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'comment' } });
    assert.equal(missing.status, 400);
    assert.equal(fieldMessages(missing.body).comment_id, 'Field is required');
    await eventually(() => events.find((e) => e.subject === 'evt.social.like.changed' && e.data.target_id === answer._id && e.data.likes_count === 1));
  });

  it('comments: POST, PUT, DELETE api/comment; answers nest; counts follow; author or admin only; events', async () => {
    const p = await post(t, ann.token, { message: 'discuss' });
    const empty = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: ' ' } });
    assert.equal(fieldMessages(empty.body).message, 'Field is required');
    const c = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'first! <script>x()</script>' } });
    assert.equal(c.status, 200);
    assert.equal(c.body.result.message, 'first!');
    assert.equal(c.body.result.author.fullName, 'Bob Baker');
    const cid = c.body.result._id;
    const ans = await t.call(socialRoutes.commentCreate, { token: ann.token, body: { parent_type: 'comment', parent_id: cid, message: 'answer' } });
    const deeper = await t.call(socialRoutes.commentCreate, {
      token: bob.token,
      body: { parent_type: 'comment', parent_id: ans.body.result._id, message: 'answer to answer' },
    });
    assert.deepEqual(deeper.body.result.parent, { type: 'comment', id: cid });
    let full = (await t.call(socialRoutes.postGet, { token: ann.token, params: { id: p._id } })).body.result;
    assert.equal(full.comments_count, 3);
    assert.equal(full.comments.length, 1);
    assert.equal(full.comments[0].answers.length, 2);
    const byAnn = await t.call(socialRoutes.commentUpdate, { token: ann.token, params: { id: cid }, body: { message: 'not mine' } });
    assert.equal(byAnn.status, 403);
    const edit = await t.call(socialRoutes.commentUpdate, { token: bob.token, params: { id: cid }, body: { message: 'edited' } });
    assert.equal(edit.body.result.message, 'edited');
    const noParent = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: '0190a0a0-0000-7000-8000-000000000000', message: 'x' } });
    assert.equal(noParent.status, 404);
    assert.equal((await t.call(socialRoutes.commentDelete, { token: ann.token, params: { id: cid }, query: { parent_type: 'post' } })).status, 403);
    const wrongType = await t.call(socialRoutes.commentDelete, { token: bob.token, params: { id: cid }, query: { parent_type: 'comment' } });
    assert.equal(wrongType.status, 404);
    const del = await t.call(socialRoutes.commentDelete, { token: bob.token, params: { id: cid }, query: { parent_type: 'post' } });
    assert.equal(del.status, 200);
    assert.deepEqual(del.body.result, { _id: cid, post_id: p._id, deleted: true, comments_count: 0 });
    full = (await t.call(socialRoutes.postGet, { token: ann.token, params: { id: p._id } })).body.result;
    assert.deepEqual([full.comments_count, full.comments.length], [0, 0]);
    const c2 = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'moderate me' } });
    assert.equal((await t.call(socialRoutes.commentDelete, { token: acme.adminToken, params: { id: c2.body.result._id } })).status, 200);
    for (const verb of ['created', 'updated', 'deleted']) {
      await eventually(() => events.find((e) => e.subject === `evt.social.comment.${verb}` && e.data.post_id === p._id));
    }
  });

  it('comments carry mentions (body ids and markup spans) as posts do; a foreign id is refused; events carry them', async () => {
    const p = await post(t, ann.token, { message: 'who knows?' });
    const c = await t.call(socialRoutes.commentCreate, {
      token: ann.token,
      body: { parent_id: p._id, message: `<p>Ask <span data-mention="${bob.user._id}">@Bob Baker</span></p>`, mentions: [] },
    });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    assert.deepEqual(c.body.result.mentions, [bob.user._id]);
    const full = (await t.call(socialRoutes.postGet, { token: bob.token, params: { id: p._id } })).body.result;
    assert.deepEqual(full.comments[0].mentions, [bob.user._id]);
    const evt = await eventually(() => events.find((e) => e.subject === 'evt.social.comment.created' && e.data.comment._id === c.body.result._id));
    assert.deepEqual(evt.data.comment.mentions, [bob.user._id]);
    const answer = await t.call(socialRoutes.commentCreate, {
      token: bob.token,
      body: { parent_type: 'comment', parent_id: c.body.result._id, message: 'me?', mentions: [ann.user._id] },
    });
    assert.deepEqual(answer.body.result.mentions, [ann.user._id]);
    const other = await t.makeClient('engageother');
    const foreign = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'x', mentions: [other.admin._id] } });
    assert.equal(foreign.status, 400);
    assert.ok(fieldMessages(foreign.body).mentions);
    const edited = await t.call(socialRoutes.commentUpdate, { token: ann.token, params: { id: c.body.result._id }, body: { message: 'no one now' } });
    assert.deepEqual(edited.body.result.mentions, []);
  });

  it('comment attachments are stored and released with the comment', async () => {
    const p = await post(t, ann.token, { message: 'files in comments' });
    const f = await upload(t, acme.client._id, 3000, 'c.txt', 'text/plain');
    const c = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'see file', attachment: f } });
    assert.equal(c.status, 200);
    assert.equal(c.body.result.attachment.fileName, 'c.txt');
    const used = (await reserve(t, acme.client._id, 0)).used;
    await t.call(socialRoutes.commentDelete, { token: bob.token, params: { id: c.body.result._id } });
    assert.equal(await t.portal.platform.storage.get(f.key), null);
    assert.equal((await reserve(t, acme.client._id, 0)).used, used - 3000);
  });

  it('POST api/follow and api/unfollow: the follows feed shows posts of followed people', async () => {
    const self = await t.call(socialRoutes.followAdd, { token: ann.token, body: { user_id: ann.user._id } });
    assert.equal(fieldMessages(self.body).user_id, 'You cannot follow yourself');
    const ghost = await t.call(socialRoutes.followAdd, { token: ann.token, body: { user_id: '0190a0a0-0000-7000-8000-000000000000' } });
    assert.equal(fieldMessages(ghost.body).user_id, 'User not found');
    const f = await t.call(socialRoutes.followAdd, { token: ann.token, body: { user_id: bob.user._id } });
    assert.deepEqual(f.body.result, { user_id: bob.user._id, following: true, followers: 1 });
    assert.equal((await t.call(socialRoutes.followAdd, { token: ann.token, body: { user_id: bob.user._id } })).body.result.followers, 1);
    const bp = await post(t, bob.token, { message: 'from bob' });
    await post(t, acme.adminToken, { message: 'from admin' });
    const feed = await t.call(socialRoutes.postFollows, { token: ann.token, params: { id: ann.user._id } });
    assert.ok(feed.body.result.posts.length >= 1);
    assert.ok(feed.body.result.posts.every((p: any) => p.author._id === bob.user._id));
    assert.equal(feed.body.result.posts[0]._id, bp._id);
    const u = await t.call(socialRoutes.followRemove, { token: ann.token, body: { user_id: bob.user._id } });
    assert.deepEqual(u.body.result, { user_id: bob.user._id, following: false, followers: 0 });
    const after = await t.call(socialRoutes.postFollows, { token: ann.token, params: { id: ann.user._id } });
    assert.deepEqual(after.body.result.posts, []);
  });
});

describe('social: pins, birthdays and the authors projection (§7 Users pins, Clients birthdays; DESIGN §2)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('widgets');
  });
  afterAll(() => t.close());

  it('PUT api/user/pin/{id} puts users into numbered slots; pin_move swaps two slots', async () => {
    const a = await t.makeEmployee(acme.adminToken, 'pa@widgets.test');
    const b = await t.makeEmployee(acme.adminToken, 'pb@widgets.test');
    const c = await t.makeEmployee(acme.adminToken, 'pc@widgets.test');
    const byEmployee = await t.call(peopleRoutes.userPin, { token: a.token, params: { id: a.user._id }, body: { pinned_num: 1 } });
    assert.equal(byEmployee.status, 403);
    assert.equal((await t.call(peopleRoutes.userPin, { token: acme.adminToken, params: { id: a.user._id }, body: { pinned_num: 1 } })).status, 200);
    await t.call(peopleRoutes.userPin, { token: acme.adminToken, params: { id: b.user._id }, body: { pinned_num: 2 } });
    const slot = async (id: string) => (await t.call(peopleRoutes.userGet, { token: acme.adminToken, params: { id } })).body.result.pinned_num;
    assert.deepEqual([await slot(a.user._id), await slot(b.user._id)], [1, 2]);
    const move = await t.call(peopleRoutes.userPinMove, { token: acme.adminToken, body: { from: 1, to: 2 } });
    assert.equal(move.status, 200);
    assert.equal(move.body.result.length, 2);
    assert.deepEqual([await slot(a.user._id), await slot(b.user._id)], [2, 1]);
    // Pinning into a taken slot swaps too; moving to an empty slot just moves.
    await t.call(peopleRoutes.userPin, { token: acme.adminToken, params: { id: c.user._id }, body: { pinned_num: 1 } });
    assert.deepEqual([await slot(c.user._id), await slot(b.user._id)], [1, null]);
    await t.call(peopleRoutes.userPinMove, { token: acme.adminToken, body: { from: 2, to: 5 } });
    assert.equal(await slot(a.user._id), 5);
    assert.equal((await t.call(peopleRoutes.userPinMove, { token: acme.adminToken, body: { from: 9, to: 1 } })).status, 404);
    const unpin = await t.call(peopleRoutes.userPin, { token: acme.adminToken, params: { id: c.user._id }, body: { pinned_num: null } });
    assert.equal(unpin.body.result[0].pinned_num, null);
  });

  it('GET api/clients/{id}/birthdays comes from the projection of people events, sorted by the next birthday', async () => {
    const d = await t.makeEmployee(acme.adminToken, 'bd1@widgets.test', { firstName: 'Dora', lastName: 'Day', birthDate: '1990-03-10', avatar: '/a/dora.png' });
    const e = await t.makeEmployee(acme.adminToken, 'bd2@widgets.test', { firstName: 'Eve', lastName: 'Early', birthDate: '1985-01-05' });
    const f = await t.makeEmployee(acme.adminToken, 'bd3@widgets.test', { firstName: 'Fay', lastName: 'Leap', birthDate: '1992-02-29' });
    const get = (query: Record<string, string>) => t.call(socialRoutes.birthdayList, { token: d.token, params: { id: acme.client._id }, query });
    const list = await eventually(async () => {
      const r = await get({ today: '2027-02-01' });
      return r.body.result?.length === 3 ? r.body.result : null;
    });
    assert.deepEqual(
      list.map((x: any) => x._id),
      [f.user._id, d.user._id, e.user._id],
    );
    assert.deepEqual(
      list.map((x: any) => x.next),
      ['2027-02-28', '2027-03-10', '2028-01-05'],
    );
    assert.equal(list[1].fullName, 'Dora Day');
    assert.equal(list[1].avatar, '/a/dora.png');
    assert.equal(list[1].daysLeft, 37);
    const soon = await get({ today: '2027-02-01', days: '30' });
    assert.deepEqual(
      soon.body.result.map((x: any) => x._id),
      [f.user._id],
    );
    // Paged on the server (the birthdays page loads 50 at a time): pages follow the same order.
    const page1 = await get({ today: '2027-02-01', limit: '2' });
    const page2 = await get({ today: '2027-02-01', limit: '2', offset: '2' });
    assert.deepEqual(
      [...page1.body.result, ...page2.body.result].map((x: any) => x._id),
      [f.user._id, d.user._id, e.user._id],
    );
    assert.equal(page1.body.result.length, 2);
    assert.equal((await get({ limit: '0' })).status, 400);
    // Deleting and renaming flow through people's events.
    await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: e.user._id } });
    await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: d.user._id }, body: { lastName: 'Dawn' } });
    await eventually(async () => {
      const r = (await get({ today: '2027-02-01' })).body.result;
      return r.length === 2 && r.some((x: any) => x.fullName === 'Dora Dawn');
    });
    const other = await t.makeClient('otherwidgets');
    assert.equal((await t.call(socialRoutes.birthdayList, { token: other.adminToken, params: { id: acme.client._id } })).status, 404);
  });

  it('feed items show the author name and avatar from the projection, updated by profile edits', async () => {
    const g = await t.makeEmployee(acme.adminToken, 'g@widgets.test', { firstName: 'Gil', lastName: 'Grey' });
    const p = await post(t, g.token, { message: 'my name changes' });
    assert.equal(p.author.fullName, 'Gil Grey');
    await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: g.user._id }, body: { firstName: 'Gus', avatar: '/a/gus.png' } });
    await eventually(async () => {
      const r = await t.call(socialRoutes.postGet, { token: g.token, params: { id: p._id } });
      return r.body.result.author.fullName === 'Gus Grey' && r.body.result.author.avatar === '/a/gus.png';
    });
  });
});
