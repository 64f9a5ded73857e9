import { socialRoutes } from '@intranet/social-contract';
import { comments, files } from '@intranet/social-server';
import { eventually, eventuallyPasses } from '@intranet/platform-testing';
import { eq } from 'drizzle-orm';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { fieldMessages, outboxDrained, post, recordEvents, reserve, upload } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;
const MB = 1024 * 1024;
const FILE_20MB_TEXT = 'Files above 20 MB cannot be attached';

describe('social: like_type checks, comment file limit, follow state, viewers, edits (§4, §5, §7 Posts, Comments, Follow)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Emp;
  let bob: Emp;
  let events: Awaited<ReturnType<typeof recordEvents>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('wallx');
    ann = await t.makeEmployee(acme.adminToken, 'ann@wallx.test', { firstName: 'Ann', lastName: 'Archer' });
    bob = await t.makeEmployee(acme.adminToken, 'bob@wallx.test', { firstName: 'Bob', lastName: 'Baker', position: 'Engineer' });
    events = await recordEvents(t);
  });
  afterAll(() => t.close());

  const full = async (id: string, token = ann.token) => (await t.call(socialRoutes.postGet, { token, params: { id } })).body.result;

  it('POST api/post/like: like_type must match the target (comment vs answer); a mismatch names like_type and changes nothing', async () => {
    const p = await post(t, ann.token, { message: 'like types' });
    const comment = (await t.call(socialRoutes.commentCreate, { token: ann.token, body: { parent_id: p._id, message: 'a comment' } })).body.result;
    const answer = (
      await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_type: 'comment', parent_id: comment._id, message: 'an answer' } })
    ).body.result;
    const likesBefore = events.filter((e) => e.subject === 'evt.social.like.changed').length;

    const asAnswer = await t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'answer', answer_id: comment._id } });
    assert.equal(asAnswer.status, 400, JSON.stringify(asAnswer.body));
    assert.equal(asAnswer.body.code, 'validation');
    assert.deepEqual(Object.keys(fieldMessages(asAnswer.body)), ['like_type']);
    assert.equal(fieldMessages(asAnswer.body).like_type, "like_type must be 'comment' for this target");
    const asComment = await t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'comment', id: answer._id } });
    assert.equal(asComment.status, 400);
    assert.equal(fieldMessages(asComment.body).like_type, "like_type must be 'answer' for this target");

    let f = await full(p._id);
    assert.deepEqual([f.comments[0].likes_count, f.comments[0].answers[0].likes_count], [0, 0]);
    await outboxDrained(t, events, bob, ann);
    assert.equal(events.filter((e) => e.subject === 'evt.social.like.changed').length, likesBefore);
    // The matching types still work.
    assert.equal(
      (await t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'comment', comment_id: comment._id } })).body.result.likes_count,
      1,
    );
    assert.equal((await t.call(socialRoutes.postLike, { token: ann.token, body: { like_type: 'answer', answer_id: answer._id } })).body.result.likes_count, 1);
    f = await full(p._id);
    assert.deepEqual([f.comments[0].likes_count, f.comments[0].answers[0].likes_count], [1, 1]);
  });

  it('comment attachments are capped at 20 MB like POST api/upload?kind=comment: create and edit refuse 21 MB and store nothing', async () => {
    const p = await post(t, ann.token, { message: 'files in comments' });
    const big = await upload(t, acme.client._id, 21 * MB, 'big.bin', 'application/octet-stream');
    const used = (await reserve(t, acme.client._id, 0)).used;

    const create = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'with a big file', attachment: big } });
    assert.equal(create.status, 413, JSON.stringify(create.body));
    assert.equal(create.body.message, FILE_20MB_TEXT);
    assert.equal(fieldMessages(create.body)['attachment.0'], FILE_20MB_TEXT);
    // A body claiming a small size is checked against the stored size.
    const lying = await t.call(socialRoutes.commentCreate, {
      token: bob.token,
      body: { parent_id: p._id, message: 'lying', attachment: { ...big, size: 10 } },
    });
    assert.equal(lying.status, 413);
    const db = t.portal.platform.db;
    const stored = await db.inTenant({ clientId: acme.client._id }, async (tx) => ({
      comments: await tx.select().from(comments).where(eq(comments.postId, p._id)),
      files: await tx.select().from(files).where(eq(files.key, big.key)),
    }));
    assert.deepEqual([stored.comments.length, stored.files.length], [0, 0]);
    assert.equal((await full(p._id)).comments_count, 0);
    assert.equal((await reserve(t, acme.client._id, 0)).used, used);

    // Up to 20 MB is fine; editing to a 21 MB file is refused and the comment keeps its file.
    const ok = await upload(t, acme.client._id, 20 * MB, 'ok.bin', 'application/octet-stream');
    const c = await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'with a 20 MB file', attachment: ok } });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    assert.equal(c.body.result.attachment.size, 20 * MB);
    const edit = await t.call(socialRoutes.commentUpdate, { token: bob.token, params: { id: c.body.result._id }, body: { attachment: big } });
    assert.equal(edit.status, 413);
    assert.equal(edit.body.message, FILE_20MB_TEXT);
    const after = await full(p._id);
    assert.equal(after.comments[0].attachment.key, ok.key);
    assert.equal(after.comments_count, 1);
  });

  it('GET api/post/user_feed/{userId}/{page} tells whether I follow that user and their follower count, after follow and unfollow', async () => {
    const state = async (token: string, userId: string) => {
      const r = await t.call(socialRoutes.postUserFeed, { token, params: { userId, page: 1 } });
      assert.equal(r.status, 200);
      return { following: r.body.result.following, followers: r.body.result.followers };
    };
    assert.deepEqual(await state(ann.token, bob.user._id), { following: false, followers: 0 });
    await t.call(socialRoutes.followAdd, { token: ann.token, body: { user_id: bob.user._id } });
    await t.call(socialRoutes.followAdd, { token: acme.adminToken, body: { user_id: bob.user._id } });
    assert.deepEqual(await state(ann.token, bob.user._id), { following: true, followers: 2 });
    assert.deepEqual(await state(bob.token, bob.user._id), { following: false, followers: 2 });
    assert.deepEqual(await state(bob.token, ann.user._id), { following: false, followers: 0 });
    const un = await t.call(socialRoutes.followRemove, { token: ann.token, body: { user_id: bob.user._id } });
    assert.deepEqual(un.body.result, { user_id: bob.user._id, following: false, followers: 1 });
    assert.deepEqual(await state(ann.token, bob.user._id), { following: false, followers: 1 });
    // Later pages say the same.
    const p2 = await t.call(socialRoutes.postUserFeed, { token: acme.adminToken, params: { userId: bob.user._id, page: 2 } });
    assert.deepEqual([p2.body.result.following, p2.body.result.followers, p2.body.result.posts.length], [true, 1, 0]);
    await eventually(() =>
      events.find(
        (e) => e.subject === 'evt.social.follow.changed' && e.data.follower_id === ann.user._id && e.data.following === false && e.data.followers === 1,
      ),
    );
  });

  it("GET api/post/{id}: views list each viewer once with name, position and avatar (the 'viewed by' list)", async () => {
    const p = await post(t, ann.token, { message: 'who saw this' });
    await t.call(socialRoutes.postAllView, { token: bob.token, body: { ids: [p._id], where: 'feed' } });
    await t.call(socialRoutes.postAllView, { token: bob.token, body: { ids: [p._id], where: 'feed' } });
    await t.call(socialRoutes.postView, { token: acme.adminToken, params: { id: p._id }, body: { where: 'post' } });
    // A viewer's name and position come from social's copy of the people (evt.people.user.*), which a loaded
    // shared portal may apply a moment after the client's admin was made: wait for it, then assert the whole list.
    await eventuallyPasses(async () => {
      const f = await full(p._id);
      assert.equal(f.views_count, 2);
      assert.deepEqual(
        f.views.map((v: any) => [v.user, v.where, v.author._id, v.author.fullName, v.author.position]),
        [
          [bob.user._id, 'feed', bob.user._id, 'Bob Baker', 'Engineer'],
          [acme.admin._id, 'post', acme.admin._id, 'Ada Admin', null],
        ],
      );
      assert.ok(!Number.isNaN(Date.parse(f.views[0].time)));
    }, 15_000);
  });

  it('PUT api/post/{id} and PUT api/comment/{id}: author or admin edits the text; others get 403 and change nothing', async () => {
    const p = await post(t, ann.token, { message: 'first draft' });
    const c = (await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'first comment' } })).body.result;
    assert.equal((await t.call(socialRoutes.postUpdate, { token: bob.token, params: { id: p._id }, body: { message: 'hijacked' } })).status, 403);
    assert.equal((await t.call(socialRoutes.commentUpdate, { token: ann.token, params: { id: c._id }, body: { message: 'hijacked' } })).status, 403);
    const up = await t.call(socialRoutes.postUpdate, { token: ann.token, params: { id: p._id }, body: { message: 'second draft, two lines' } });
    assert.equal(up.status, 200);
    assert.equal(up.body.result.message, 'second draft, two lines');
    const cu = await t.call(socialRoutes.commentUpdate, { token: acme.adminToken, params: { id: c._id }, body: { message: 'moderated' } });
    assert.equal(cu.status, 200);
    const empty = await t.call(socialRoutes.commentUpdate, { token: bob.token, params: { id: c._id }, body: { message: '<p> </p>' } });
    assert.equal(empty.status, 400);
    assert.equal(fieldMessages(empty.body).message, 'Field is required');
    const f = await full(p._id);
    assert.deepEqual([f.message, f.comments[0].message, f.comments_count], ['second draft, two lines', 'moderated', 1]);
    await eventually(() =>
      events.find((e) => e.subject === 'evt.social.comment.updated' && e.data.comment._id === c._id && e.data.comment.message === 'moderated'),
    );
  });
});
