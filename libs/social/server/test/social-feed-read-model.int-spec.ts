// @slow 40s: 1,000 random writes by four people, the wall compared with the SQL path at four checkpoints.
import { peopleRoutes } from '@intranet/people-contract';
import { socialRoutes } from '@intranet/social-contract';
import { feedWhere, PostsRepository } from '@intranet/social-server';
import { metricsRegistry } from '@intranet/platform-host';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventuallyPasses } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { post } from './social-helpers.ts';

type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;
type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/** A small seeded generator (mulberry32): the same sequence of writes on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1 → 'a', 27 → 'ba': names take letters only. */
const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26)) + String.fromCharCode(97 + (n % 26)));

/** What a reader sees of a wall post (every field a write can change, and the reader's own flags). */
const shape = (p: {
  _id: string;
  message: string;
  likes_count: number;
  comments_count: number;
  views_count: number;
  liked: boolean;
  viewed: boolean;
  updated: string;
  author: { firstName?: string | null };
}) =>
  `${p._id} ${p.likes_count}/${p.comments_count}/${p.views_count} ${p.liked ? 'L' : '-'}${p.viewed ? 'V' : '-'} ${p.author.firstName} ${p.updated} ${p.message}`;

const hits = async () => {
  const m = await metricsRegistry.getSingleMetric('social_feed_read_model_total')?.get();
  return m?.values.find((v) => v.labels.result === 'hit')?.value ?? 0;
};

describe('social: the wall read model answers exactly as the SQL path (issue 19)', () => {
  let t: TestPortal;
  let acme: Client;
  let people: Emp[];
  let publicGroup: string;
  let closedGroup: string;
  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('feedrm');
    people = [];
    for (const n of ['ann', 'bob', 'cid', 'dan']) people.push(await t.makeEmployee(acme.adminToken, `${n}@feedrm.test`, { firstName: n }));
    const group = async (type: string) =>
      (await t.call(socialRoutes.groupCreate, { token: people[0].token, body: { name: `${type} group`, description: 'd', type } })).body.result._id as string;
    publicGroup = await group('public');
    closedGroup = await group('closed');
    await t.call(socialRoutes.groupJoin, { token: people[1].token, params: { id: publicGroup } });
  });
  afterAll(() => t.close());

  const news = async (who: Emp, page: number, query: Record<string, string> = {}) => {
    const r = await t.call(socialRoutes.postNews, { token: who.token, params: { clientId: acme.client._id, page }, query });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result as { posts: Parameters<typeof shape>[0][]; cursor: string | null; next: string | null };
  };

  /** The same pages straight from SQL (PostsRepository.page as the reader, row policies on). */
  const sqlPage = (who: Emp, page: number) =>
    t.portal.platform.db.inTenant({ clientId: acme.client._id, userId: who.user._id }, (tx) =>
      new PostsRepository().page(tx, who.user._id, feedWhere.wall(acme.client._id), { page, limit: 20 }),
    );
  const sqlShape = (r: Awaited<ReturnType<typeof sqlPage>>[number]) =>
    shape({
      _id: r.post.id,
      message: r.post.message,
      likes_count: r.post.likesCount,
      comments_count: r.post.commentsCount,
      views_count: r.post.viewsCount,
      liked: Boolean(r.liked),
      viewed: Boolean(r.viewed),
      updated: r.post.updatedAt.toISOString(),
      author: { firstName: r.author?.firstName },
    });

  /** Pages 1–6 of every reader, read model vs SQL; equal within 1 s of the last write. */
  const compareAll = () =>
    eventuallyPasses(
      async () => {
        const diffs: string[] = [];
        for (const who of people) {
          for (let page = 1; page <= 6; page++) {
            const want = (await sqlPage(who, page)).slice(0, 20).map(sqlShape);
            const got = (await news(who, page)).posts.map(shape);
            if (JSON.stringify(got) !== JSON.stringify(want))
              diffs.push(`${who.user.firstName} page ${page}:\n  read model ${got.join('\n    ')}\n  sql        ${want.join('\n    ')}`);
          }
        }
        if (diffs.length) assert.fail(`the read model differs from SQL 1 s after the last write:\n${diffs.slice(0, 3).join('\n')}`);
      },
      1000,
      50,
    );

  it("a writer's next read sees the write (no wait), and later pages by cursor agree with SQL", async () => {
    for (let i = 0; i < 30; i++) await post(t, people[i % 4].token, { message: `seed ${i}` });
    await news(people[0], 1);
    const mine = await post(t, people[2].token, { message: 'read your own write' });
    assert.equal((await news(people[2], 1)).posts[0]._id, mine._id);
    await t.call(socialRoutes.postLike, { token: people[3].token, body: { like_type: 'post', post_id: mine._id } });
    const seen = (await news(people[3], 1)).posts[0];
    assert.deepEqual([seen.likes_count, seen.liked], [1, true]);
    assert.equal((await news(people[0], 1)).posts[0].liked, false);
    // The reader's flags are kept between reads: their own unlike and view show at once all the same.
    await t.call(socialRoutes.postLike, { token: people[3].token, body: { like_type: 'post', post_id: mine._id } });
    await t.call(socialRoutes.postAllView, { token: people[3].token, body: { ids: [mine._id] } });
    const again = (await news(people[3], 1)).posts[0];
    assert.deepEqual([again.likes_count, again.liked, again.views_count, again.viewed], [0, false, 1, true]);
    // Snapshot (before) and keyset (after) pages.
    const first = await news(people[1], 1);
    await post(t, people[0].token, { message: 'newer than the snapshot' });
    const snap = await news(people[1], 2, { before: first.cursor! });
    const keyset = await news(people[1], 1, { after: first.next! });
    assert.deepEqual(
      snap.posts.map((p) => p._id),
      keyset.posts.map((p) => p._id),
    );
    assert.equal(snap.posts.length, 11);
    assert.ok((await hits()) > 0, 'the read model served pages');
  });

  it('after 1,000 random writes (posts, edits, deletions, likes, comments, views, groups, renames) by four people at once, every page equals SQL', async () => {
    const rand = rng(19);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
    // Each person edits and deletes only what they wrote, so the four lanes never undo each other.
    const posts: { id: string; by: number }[] = [];
    const comments: { id: string; by: number }[] = [];
    const before = await hits();
    let written = 0;
    const write = async (by: number, i: number) => {
      const who = people[by];
      const x = rand();
      const own = posts.filter((p) => p.by === by);
      if (x < 0.3 || own.length < 3) {
        const parent =
          x < 0.2 || own.length < 3
            ? undefined
            : x < 0.24
              ? { type: 'feed', id: people[(by + 1) % 4].user._id }
              : x < 0.27 && by < 2
                ? { type: 'group', id: publicGroup }
                : by === 0
                  ? { type: 'group', id: closedGroup }
                  : undefined;
        const p = await post(t, who.token, { message: `post ${i}`, ...(parent ? { parent } : {}) });
        posts.push({ id: p._id, by });
      } else if (x < 0.4) {
        const r = await t.call(socialRoutes.postUpdate, { token: who.token, params: { id: pick(own).id }, body: { message: `edited ${i}` } });
        assert.equal(r.status, 200, JSON.stringify(r.body));
      } else if (x < 0.46) {
        const p = pick(own);
        posts.splice(posts.indexOf(p), 1);
        assert.equal((await t.call(socialRoutes.postDelete, { token: who.token, params: { id: p.id } })).status, 200);
      } else if (x < 0.62) {
        await t.call(socialRoutes.postLike, { token: who.token, body: { like_type: 'post', post_id: pick(posts).id } });
      } else if (x < 0.75) {
        const c = await t.call(socialRoutes.commentCreate, { token: who.token, body: { parent_id: pick(posts).id, message: `comment ${i}` } });
        if (c.status === 200) comments.push({ id: c.body.result._id, by });
      } else if (x < 0.8 && comments.some((c) => c.by === by)) {
        const c = pick(comments.filter((c) => c.by === by));
        comments.splice(comments.indexOf(c), 1);
        await t.call(socialRoutes.commentDelete, { token: who.token, params: { id: c.id } });
      } else if (x < 0.97) {
        await t.call(socialRoutes.postAllView, { token: who.token, body: { ids: [pick(posts).id, pick(posts).id] } });
      } else {
        const r = await t.call(peopleRoutes.userUpdate, {
          token: acme.adminToken,
          params: { id: who.user._id },
          body: { firstName: `${['Ann', 'Bob', 'Cid', 'Dan'][by]}${letters(i)}` },
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
      written++;
      // People read the wall between their writes (the flags and windows they leave behind are what must stay true).
      if (i % 3 === 0) await news(who, 1);
    };
    for (let round = 0; round < 4; round++) {
      // Four lanes of about 62 writes at once, then the comparison.
      await Promise.all(
        people.map(async (_, by) => {
          for (let k = 0; k < (by < 2 ? 63 : 62); k++) await write(by, round * 250 + by * 63 + k);
        }),
      );
      await compareAll();
    }
    assert.equal(written, 1000);
    assert.ok((await hits()) - before > 0);
  }, 240_000);
});
