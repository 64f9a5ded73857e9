import { socialRoutes } from '@intranet/social-contract';
import { posts } from '@intranet/social-server';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { post, recordEvents } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe('social: tenant isolation (DESIGN §5): another client never reads or changes a post', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let b: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Emp;
  let eve: Emp;
  let postId: string;
  let commentId: string;
  let events: Awaited<ReturnType<typeof recordEvents>>;
  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('salpha');
    b = await t.makeClient('sbeta');
    ann = await t.makeEmployee(a.adminToken, 'ann@salpha.test');
    eve = await t.makeEmployee(b.adminToken, 'eve@sbeta.test');
    events = await recordEvents(t);
    postId = (await post(t, ann.token, { message: 'alpha secret plans' }))._id;
    commentId = (await t.call(socialRoutes.commentCreate, { token: ann.token, body: { parent_id: postId, message: 'alpha comment' } })).body.result._id;
  });
  afterAll(() => t.close());

  const snapshot = async () => (await t.call(socialRoutes.postGet, { token: ann.token, params: { id: postId } })).body.result;

  it('read, like, comment, view, edit and delete by id all answer 404 and change nothing', async () => {
    const before = await snapshot();
    const calls = [
      t.call(socialRoutes.postGet, { token: eve.token, params: { id: postId } }),
      t.call(socialRoutes.postLike, { token: eve.token, body: { like_type: 'post', post_id: postId } }),
      t.call(socialRoutes.postLike, { token: eve.token, body: { like_type: 'comment', comment_id: commentId } }),
      t.call(socialRoutes.commentCreate, { token: eve.token, body: { parent_id: postId, message: 'sneaky' } }),
      t.call(socialRoutes.commentCreate, { token: eve.token, body: { parent_type: 'comment', parent_id: commentId, message: 'sneaky' } }),
      t.call(socialRoutes.commentUpdate, { token: b.adminToken, params: { id: commentId }, body: { message: 'pwned' } }),
      t.call(socialRoutes.commentDelete, { token: b.adminToken, params: { id: commentId } }),
      t.call(socialRoutes.postView, { token: eve.token, params: { id: postId }, body: {} }),
      t.call(socialRoutes.postUpdate, { token: b.adminToken, params: { id: postId }, body: { message: 'pwned' } }),
      t.call(socialRoutes.postDelete, { token: b.adminToken, params: { id: postId } }),
      t.call(socialRoutes.postDelete, { token: eve.token, params: { id: postId } }),
    ];
    for (const r of await Promise.all(calls)) {
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.equal(r.body.message, 'The requested resource was not found');
      assert.ok(!JSON.stringify(r.body).includes('salpha'));
    }
    const allView = await t.call(socialRoutes.postAllView, { token: eve.token, body: { ids: [postId] } });
    assert.equal(allView.body.result.viewed, 0);
    const after = await snapshot();
    assert.deepEqual(
      [after.message, after.likes_count, after.comments_count, after.views_count, after.comments[0].message, after.comments[0].likes_count],
      [before.message, before.likes_count, before.comments_count, before.views_count, before.comments[0].message, before.comments[0].likes_count],
    );
  });

  it("feeds of another client, and of another client's users, are 404; B's events never carry A's posts", async () => {
    assert.equal((await t.call(socialRoutes.postNews, { token: eve.token, params: { clientId: a.client._id, page: 1 } })).status, 404);
    assert.equal((await t.call(socialRoutes.postClient, { token: eve.token, params: { id: a.client._id } })).status, 404);
    assert.equal((await t.call(socialRoutes.thanksAll, { token: eve.token, params: { id: a.client._id } })).status, 404);
    for (const route of [socialRoutes.postUser, socialRoutes.postMentionsFeed, socialRoutes.postCommentsFeed, socialRoutes.postFollows]) {
      const r = await t.call(route, { token: eve.token, params: { id: ann.user._id } });
      assert.equal(r.status, 404);
      assert.equal(r.body.result, undefined);
    }
    const uf = await t.call(socialRoutes.postUserFeed, { token: eve.token, params: { userId: ann.user._id, page: 1 } });
    assert.equal(uf.status, 404);
    const q = await t.call(socialRoutes.postQuery, { token: eve.token, query: { search: 'secret' } });
    assert.deepEqual(q.body.result.posts, []);
    const own = await t.call(socialRoutes.postNews, { token: eve.token, params: { clientId: b.client._id, page: 1 } });
    assert.deepEqual(own.body.result.posts, []);
    // Mentioning or following someone of another client: that person does not exist here.
    const mention = await t.call(socialRoutes.postCreate, {
      token: eve.token,
      body: { type: 'thanks', message: 'Thank you for everything you did this year!', mentions: [ann.user._id] },
    });
    assert.equal(mention.status, 400);
    assert.equal(mention.body.message, 'User not found');
    assert.equal((await t.call(socialRoutes.followAdd, { token: eve.token, body: { user_id: ann.user._id } })).status, 400);
    // Every event names its client, which is what the gateway relays by. The outbox relays the post's events after
    // their commit, not before the calls above answer: wait until they are here.
    await eventually(() => events.some((e) => JSON.stringify(e.data).includes(postId)));
    for (const e of events) if (JSON.stringify(e.data).includes(postId)) assert.equal(e.clientId, a.client._id);
  });

  it('row-level security hides posts even from a query with no client filter', async () => {
    const db = t.portal.platform.db;
    const seenByB = await db.inTenant({ clientId: b.client._id }, (tx) => tx.select().from(posts));
    assert.equal(seenByB.length, 0);
    const seenByA = await db.inTenant({ clientId: a.client._id }, (tx) => tx.select().from(posts));
    assert.ok(seenByA.some((p) => p.id === postId));
    await assert.rejects(
      db.inTenant({ clientId: b.client._id }, (tx) =>
        tx.insert(posts).values({ id: crypto.randomUUID(), clientId: a.client._id, authorId: eve.user._id, message: 'smuggled' }),
      ),
    );
  });
});
