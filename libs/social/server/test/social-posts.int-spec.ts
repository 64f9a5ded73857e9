import { Readable } from 'node:stream';
import { peopleRoutes } from '@intranet/people-contract';
import { socialRoutes } from '@intranet/social-contract';
import { seedPosts } from '@intranet/social-server';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { fieldMessages, outboxDrained, post, recordEvents, reserve, THANKS_TEXT, upload } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe('social: posts and feeds (§7 Posts, §4 Posts, §5 Posts)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Emp;
  let bob: Emp;
  let events: Awaited<ReturnType<typeof recordEvents>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('spostsco');
    ann = await t.makeEmployee(acme.adminToken, 'ann@acme.test', { firstName: 'Ann', lastName: 'Archer', position: 'Designer' });
    bob = await t.makeEmployee(acme.adminToken, 'bob@acme.test', { firstName: 'Bob', lastName: 'Baker' });
    events = await recordEvents(t);
  });
  afterAll(() => t.close());

  it('POST api/post: a post goes to the front of the news feed with author name, avatar and counters; an event is published', async () => {
    const p = await post(t, ann.token, { message: '<p>Hello <b>team</b></p>' });
    assert.equal(p.type, 'post');
    assert.equal(p.parent.type, 'company');
    assert.equal(p.author._id, ann.user._id);
    assert.equal(p.author.fullName, 'Ann Archer');
    assert.equal(p.author.position, 'Designer');
    assert.deepEqual([p.likes_count, p.comments_count, p.views_count, p.liked, p.viewed], [0, 0, 0, false, false]);
    const feed = await t.call(socialRoutes.postNews, { token: bob.token, params: { clientId: acme.client._id, page: 1 } });
    assert.equal(feed.status, 200);
    assert.equal(feed.body.result.posts[0]._id, p._id);
    assert.equal(feed.body.result.posts[0].author.fullName, 'Ann Archer');
    const evt = await eventually(() => events.find((e) => e.subject === 'evt.social.post.created' && e.data.post._id === p._id));
    assert.equal(evt.clientId, acme.client._id);
    assert.equal(evt.data.post.type, 'post');
    // The answer is built without reading the post back (issue 19): it must equal what a read gives the author.
    const m = await post(t, ann.token, { message: '<p>To <b>Ada</b> and me</p>', mentions: [acme.admin._id, ann.user._id] });
    const read = await t.call(socialRoutes.postGet, { token: ann.token, params: { id: m._id } });
    assert.equal(read.status, 200);
    const byId = (xs: { _id: string }[]) => [...xs].sort((a, b) => a._id.localeCompare(b._id));
    const { comments: _c, likes: _l, views: _v, ...readPost } = read.body.result; // GET adds the post's threads
    assert.deepEqual({ ...m, mentioned: byId(m.mentioned) }, { ...readPost, mentioned: byId(readPost.mentioned) });
    assert.deepEqual(
      m.mentioned.map((x: { fullName: string }) => x.fullName),
      ['Ada Admin', 'Ann Archer'],
    );
  });

  it('a post saved while the bus refuses publishes is still saved (200), and its event arrives once, when the bus works again (DESIGN §6 outbox)', async () => {
    const bus = t.portal.platform.bus;
    const publish = bus.publish;
    let refused = 0;
    bus.publish = async () => {
      refused++;
      throw new Error('bus down');
    };
    let p: { _id: string };
    try {
      const r = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'Saved while the bus is down' } });
      assert.equal(r.status, 200, 'a failed publish never turns a saved post into an error');
      p = r.body.result;
      await eventually(() => refused > 0);
      const feed = await t.call(socialRoutes.postNews, { token: bob.token, params: { clientId: acme.client._id, page: 1 } });
      assert.equal(feed.body.result.posts[0]._id, p._id, 'the post is saved');
      assert.ok(!events.some((e) => e.subject === 'evt.social.post.created' && e.data.post._id === p._id), 'no event yet');
    } finally {
      bus.publish = publish;
    }
    // The relay's poll retries the kept event (no new request needed).
    await eventually(() => events.some((e) => e.subject === 'evt.social.post.created' && e.data.post._id === p._id), 5000);
    await outboxDrained(t, events, bob, ann);
    assert.equal(events.filter((e) => e.subject === 'evt.social.post.created' && e.data.post._id === p._id).length, 1, 'delivered once');
  });

  it('§5: post text is required (also when only markup or a script remains)', async () => {
    for (const message of ['', '   ', '<script>alert(1)</script>', '<p></p>']) {
      const r = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message } });
      assert.equal(r.status, 400, message);
      assert.equal(fieldMessages(r.body).message, 'Field is required');
    }
    const none = await t.call(socialRoutes.postCreate, { token: ann.token, body: {} });
    assert.equal(fieldMessages(none.body).message, 'Field is required');
  });

  it('message HTML is sanitised: no script, event handler or javascript: URL survives', async () => {
    const p = await post(t, ann.token, {
      message:
        '<p onclick="steal()">Hi <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a> <a href="https://example.com" target="_blank">ok</a></p>',
    });
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<img']) assert.ok(!p.message.includes(bad), `${bad} in ${p.message}`);
    assert.ok(p.message.includes('href="https://example.com"'));
    assert.ok(p.message.includes('rel="noopener noreferrer"'));
    const got = await t.call(socialRoutes.postGet, { token: bob.token, params: { id: p._id } });
    assert.equal(got.body.result.message, p.message);
  });

  it('§5 thank-you post: over 30 symbols and exactly one mentioned person', async () => {
    const short = await t.call(socialRoutes.postCreate, { token: ann.token, body: { type: 'thanks', message: 'Thanks a lot!', mentions: [bob.user._id] } });
    assert.equal(short.status, 400);
    assert.equal(fieldMessages(short.body).message, 'A thank-you post must be over 30 symbols');
    const exactly30 = await t.call(socialRoutes.postCreate, { token: ann.token, body: { type: 'thanks', message: 'x'.repeat(30), mentions: [bob.user._id] } });
    assert.equal(fieldMessages(exactly30.body).message, 'A thank-you post must be over 30 symbols');
    const nobody = await t.call(socialRoutes.postCreate, { token: ann.token, body: { type: 'thanks', message: THANKS_TEXT } });
    assert.equal(fieldMessages(nobody.body).mentions, 'A thank-you post must mention exactly one person');
    const two = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { type: 'thanks', message: THANKS_TEXT, mentions: [bob.user._id, acme.admin._id] },
    });
    assert.equal(fieldMessages(two.body).mentions, 'A thank-you post must mention exactly one person');
    const ghost = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { type: 'thanks', message: THANKS_TEXT, mentions: ['0190a0a0-0000-7000-8000-000000000000'] },
    });
    assert.equal(ghost.status, 400);
    assert.equal(fieldMessages(ghost.body).mentions, 'User not found');
    const ok = await post(t, ann.token, { type: 'thanks', message: THANKS_TEXT, mentions: [bob.user._id] });
    assert.equal(ok.type, 'thanks');
    assert.deepEqual(ok.mentions, [bob.user._id]);
    assert.equal(ok.mentioned[0].fullName, 'Bob Baker');
    // A mention written in the markup counts too.
    const inMarkup = await post(t, ann.token, {
      type: 'thanks',
      message: `<p>Thanks <span data-mention="${bob.user._id}">@Bob</span> for all the careful reviews!</p>`,
    });
    assert.deepEqual(inMarkup.mentions, [bob.user._id]);
    const thanks = await t.call(socialRoutes.thanksAll, { token: bob.token, params: { id: acme.client._id } });
    assert.equal(thanks.status, 200);
    assert.deepEqual(
      thanks.body.result.posts.map((p: any) => p._id),
      [inMarkup._id, ok._id],
    );
    const mentions = await t.call(socialRoutes.postMentionsFeed, { token: ann.token, params: { id: bob.user._id } });
    assert.deepEqual(
      mentions.body.result.posts.map((p: any) => p._id),
      [inMarkup._id, ok._id],
    );
  });

  it('feature right `wall` is required to post; reading stays open', async () => {
    const carl = await t.makeEmployee(acme.adminToken, 'carl@acme.test');
    const rm = await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: carl.user._id, role: 'wall' } });
    assert.equal(rm.status, 200);
    const r = await t.call(socialRoutes.postCreate, { token: carl.token, body: { message: 'hi' } });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'No access');
    const feed = await t.call(socialRoutes.postNews, { token: carl.token, params: { clientId: acme.client._id, page: 1 } });
    assert.equal(feed.status, 200);
  });

  it('post parents (§3): feed posts go to the user feed; a post into a group that does not exist is 404 (groups: social-groups.int-spec); system posts are for admins', async () => {
    const onBob = await post(t, ann.token, { message: 'Happy first day, Bob!', parent: { type: 'feed', id: bob.user._id } });
    const bobFeed = await t.call(socialRoutes.postUserFeed, { token: ann.token, params: { userId: bob.user._id, page: 1 } });
    assert.ok(bobFeed.body.result.posts.some((p: any) => p._id === onBob._id));
    const group = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'x', parent: { type: 'group', id: bob.user._id } } });
    assert.equal(group.status, 404);
    const sys = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'x', parent: { type: 'system' } } });
    assert.equal(sys.status, 403);
    const bySys = await t.call(socialRoutes.postCreate, { token: acme.adminToken, body: { message: 'Maintenance tonight', parent: { type: 'system' } } });
    assert.equal(bySys.status, 200);
    const bad = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'x', parent: { type: 'blog' } } });
    assert.equal(bad.status, 400);
  });

  it('PUT api/post/{id}: author or admin edit; others get 403; the same rules apply', async () => {
    const p = await post(t, ann.token, { message: 'first version' });
    const byBob = await t.call(socialRoutes.postUpdate, { token: bob.token, params: { id: p._id }, body: { message: 'hacked' } });
    assert.equal(byBob.status, 403);
    const mine = await t.call(socialRoutes.postUpdate, { token: ann.token, params: { id: p._id }, body: { message: 'second <script>x</script>version' } });
    assert.equal(mine.status, 200);
    assert.equal(mine.body.result.message, 'second version');
    const empty = await t.call(socialRoutes.postUpdate, { token: ann.token, params: { id: p._id }, body: { message: '' } });
    assert.equal(fieldMessages(empty.body).message, 'Field is required');
    const toThanks = await t.call(socialRoutes.postUpdate, { token: ann.token, params: { id: p._id }, body: { type: 'thanks' } });
    assert.equal(toThanks.status, 400);
    const admin = await t.call(socialRoutes.postUpdate, { token: acme.adminToken, params: { id: p._id }, body: { message: 'moderated' } });
    assert.equal(admin.body.result.message, 'moderated');
    await eventually(() => events.find((e) => e.subject === 'evt.social.post.updated' && e.data.post._id === p._id && e.data.post.message === 'moderated'));
    const missing = await t.call(socialRoutes.postUpdate, { token: ann.token, params: { id: '0190a0a0-0000-7000-8000-000000000000' }, body: { message: 'x' } });
    assert.equal(missing.status, 404);
  });

  it('attachments: §5 post file max 20 MB; keys of another client or missing objects are refused; signed URLs come back', async () => {
    const small = await upload(t, acme.client._id, 1000, 'a.png');
    const p = await post(t, ann.token, { message: 'with a picture', attachments: [small] });
    assert.equal(p.attachments.length, 1);
    assert.equal(p.attachments[0].fileName, 'a.png');
    assert.match(p.attachments[0].url, /^\/api\/files\/.+\?exp=\d+&sig=/);
    const exp = Number(new URL(p.attachments[0].url, 'http://x').searchParams.get('exp'));
    assert.ok(exp > Date.now() / 1000 + 3000 && exp < Date.now() / 1000 + 4000, `attachment links expire in about an hour (issue 18 §4), exp ${exp}`);
    const big = await upload(t, acme.client._id, 21 * 1024 * 1024, 'big.bin', 'application/octet-stream');
    const tooBig = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'big', attachments: [big] } });
    assert.equal(tooBig.status, 413);
    assert.equal(tooBig.body.message, 'Files above 20 MB cannot be attached');
    // Lying about the size does not help: the stored size counts.
    const lie = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'big', attachments: [{ ...big, size: 10 }] } });
    assert.equal(lie.status, 413);
    const foreign = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { message: 'x', attachments: [{ ...small, key: small.key.replace(acme.client._id, '0190a0a0-0000-7000-8000-000000000000') }] },
    });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.message, 'The file was not found or was deleted');
    const gone = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { message: 'x', attachments: [{ ...small, key: `${acme.client._id}/post/nothing/here.png` }] },
    });
    assert.equal(gone.status, 404);
    const twice = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'again', attachments: [small] } });
    assert.equal(twice.status, 409);
    // A knowledge-base or CV upload (downloads checked against kb grants) cannot be re-published on the wall.
    for (const kind of ['kb', 'cv']) {
      const guarded = await upload(t, acme.client._id, 500, `${kind}.pdf`, 'application/pdf');
      const key = guarded.key.replace(`${acme.client._id}/post/`, `${acme.client._id}/${kind}/`);
      await t.portal.platform.storage.put(key, Readable.from([Buffer.alloc(500, 1)]), { contentType: 'application/pdf' });
      const r = await t.call(socialRoutes.postCreate, { token: ann.token, body: { message: `a ${kind} file`, attachments: [{ ...guarded, key }] } });
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.equal(r.body.message, 'The file was not found or was deleted');
    }
  });

  it('DELETE api/post/{id}: author or admin; comments, likes and views go too; files are deleted and their bytes released', async () => {
    const f = await upload(t, acme.client._id, 5000, 'doc.pdf', 'application/pdf');
    const p = await post(t, ann.token, { message: 'to be deleted', attachments: [f] });
    await t.call(socialRoutes.commentCreate, { token: bob.token, body: { parent_id: p._id, message: 'nice' } });
    await t.call(socialRoutes.postLike, { token: bob.token, body: { like_type: 'post', post_id: p._id } });
    await t.call(socialRoutes.postView, { token: bob.token, params: { id: p._id }, body: {} });
    const usedBefore = (await reserve(t, acme.client._id, 0)).used;
    assert.equal((await t.call(socialRoutes.postDelete, { token: bob.token, params: { id: p._id } })).status, 403);
    const del = await t.call(socialRoutes.postDelete, { token: ann.token, params: { id: p._id } });
    assert.equal(del.status, 200);
    assert.equal((await t.call(socialRoutes.postGet, { token: ann.token, params: { id: p._id } })).status, 404);
    assert.equal(await t.portal.platform.storage.get(f.key), null);
    assert.equal((await reserve(t, acme.client._id, 0)).used, usedBefore - 5000);
    const db = t.portal.platform.db;
    const left = await db.asSystem('spec', (tx) =>
      tx.execute(
        `SELECT (SELECT count(*) FROM social.comments WHERE post_id = '${p._id}') + (SELECT count(*) FROM social.likes WHERE post_id = '${p._id}') + (SELECT count(*) FROM social.views WHERE post_id = '${p._id}') AS n` as never,
      ),
    );
    assert.equal(Number((left as any).rows[0].n), 0);
    await eventually(() => events.find((e) => e.subject === 'evt.social.post.deleted' && e.data._id === p._id));
    const admin = await post(t, ann.token, { message: 'admin removes this' });
    assert.equal((await t.call(socialRoutes.postDelete, { token: acme.adminToken, params: { id: admin._id } })).status, 200);
  });

  it('GET api/post (query) and the user, client and comments feeds', async () => {
    const p = await post(t, bob.token, { message: 'Searching for the purple elephant' });
    const q = await t.call(socialRoutes.postQuery, { token: ann.token, query: { search: 'purple eleph' } });
    assert.deepEqual(
      q.body.result.posts.map((x: any) => x._id),
      [p._id],
    );
    const byAuthor = await t.call(socialRoutes.postQuery, { token: ann.token, query: { author: bob.user._id, type: 'post' } });
    assert.ok(byAuthor.body.result.posts.every((x: any) => x.author._id === bob.user._id));
    const user = await t.call(socialRoutes.postUser, { token: ann.token, params: { id: bob.user._id } });
    assert.ok(user.body.result.posts.every((x: any) => x.author._id === bob.user._id));
    assert.equal(user.body.result.posts[0]._id, p._id);
    const client = await t.call(socialRoutes.postClient, { token: ann.token, params: { id: acme.client._id } });
    assert.equal(client.body.result.posts[0]._id, p._id);
    await t.call(socialRoutes.commentCreate, { token: ann.token, body: { parent_id: p._id, message: 'found it' } });
    const commented = await t.call(socialRoutes.postCommentsFeed, { token: bob.token, params: { id: ann.user._id } });
    assert.deepEqual(
      commented.body.result.posts.map((x: any) => x._id),
      [p._id],
    );
    // No group has that id: 404; a user in no group has an empty groups feed (real groups: social-groups.int-spec).
    const group = await t.call(socialRoutes.postGroup, { token: ann.token, params: { id: acme.client._id } });
    assert.equal(group.status, 404);
    const groupUser = await t.call(socialRoutes.postGroupUser, { token: ann.token, params: { id: ann.user._id } });
    assert.deepEqual(groupUser.body.result.posts, []);
  });
});

describe('social: feed paging (§4 Posts: 20 a page, newest first, stable while new posts arrive)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Emp;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('pager');
    ann = await t.makeEmployee(acme.adminToken, 'ann@pager.test');
  });
  afterAll(() => t.close());

  it('25 posts make a second page of 5; a post arriving between page 1 and 2 neither repeats nor hides one', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await post(t, ann.token, { message: `post ${i}` }))._id);
    const newestFirst = [...ids].reverse();
    const p1 = await t.call(socialRoutes.postNews, { token: ann.token, params: { clientId: acme.client._id, page: 1 } });
    assert.equal(p1.status, 200);
    assert.equal(p1.body.result.posts.length, 20);
    assert.equal(p1.body.result.hasMore, true);
    assert.deepEqual(
      p1.body.result.posts.map((p: any) => p._id),
      newestFirst.slice(0, 20),
    );
    const cursor = p1.body.result.cursor;
    assert.ok(cursor);
    // A new post arrives: it goes to the front, and page 2 of the same walk still shows the 5 oldest.
    const fresh = await post(t, ann.token, { message: 'breaking news' });
    const p2 = await t.call(socialRoutes.postNews, { token: ann.token, params: { clientId: acme.client._id, page: 2 }, query: { before: cursor } });
    assert.deepEqual(
      p2.body.result.posts.map((p: any) => p._id),
      newestFirst.slice(20),
    );
    assert.equal(p2.body.result.hasMore, false);
    // The keyset step from page 1's last item gives the same page.
    const k2 = await t.call(socialRoutes.postNews, { token: ann.token, params: { clientId: acme.client._id, page: 2 }, query: { after: p1.body.result.next } });
    assert.deepEqual(
      k2.body.result.posts.map((p: any) => p._id),
      newestFirst.slice(20),
    );
    const again = await t.call(socialRoutes.postNews, { token: ann.token, params: { clientId: acme.client._id, page: 1 } });
    assert.equal(again.body.result.posts[0]._id, fresh._id);
    const bad = await t.call(socialRoutes.postNews, { token: ann.token, params: { clientId: acme.client._id, page: 1 }, query: { before: 'nonsense' } });
    assert.equal(bad.status, 400);
  });

  it('seedPosts bulk-inserts posts that feeds page through', async () => {
    const n = await seedPosts(t.portal.platform.db, acme.client._id, [ann.user._id], 1200);
    assert.equal(n, 1200);
    const p1 = await t.call(socialRoutes.postNews, { token: ann.token, params: { clientId: acme.client._id, page: 1 } });
    assert.equal(p1.body.result.posts.length, 20);
    const last = await t.call(socialRoutes.postNews, {
      token: ann.token,
      params: { clientId: acme.client._id, page: 62 },
      query: { before: p1.body.result.cursor },
    });
    assert.equal(last.body.result.posts.length, 1226 - 61 * 20);
    assert.equal(last.body.result.posts.at(-1).message, '<p>Post 1: team team team</p>');
  });
});
