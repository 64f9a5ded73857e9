import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedQuery, queryRows, type Tx } from '@intranet/platform-db';
import { authors, comments, follows, groupMembers, likes, posts, views, type AuthorRow, type PostRow } from './schema.ts';

export type NewPost = typeof posts.$inferInsert;

/** A position in a feed ordered by (created_at desc, id desc). */
export interface FeedCursor {
  at: Date;
  id: string;
}
export const parseCursor = (s: string): FeedCursor => {
  const i = s.indexOf('_');
  return { at: new Date(Number(s.slice(0, i))), id: s.slice(i + 1) };
};
export const cursorOf = (at: Date, id: string) => `${at.getTime()}_${id}`;

/** Author columns as joined into feed rows (null when the projection has not seen the user yet). */
export const authorFields = {
  id: authors.id,
  firstName: authors.firstName,
  lastName: authors.lastName,
  avatar: authors.avatar,
  position: authors.position,
  department: authors.department,
  deletionMark: authors.deletionMark,
};
export interface AuthorJson {
  id: string;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
  position: string | null;
  department: string | null;
  deletionMark: boolean;
}

const mentionedJson = sql<AuthorJson[]>`(SELECT coalesce(json_agg(json_build_object('id', ma.id, 'firstName', ma.first_name, 'lastName', ma.last_name,
  'avatar', ma.avatar, 'position', ma.position, 'department', ma.department, 'deletionMark', ma.deletion_mark)), '[]'::json)
  FROM ${authors} ma WHERE ma.id = ANY(${posts.mentions}))`;

/**
 * The one query behind every feed page (no N+1): posts with their author, mentioned people, stored counters and
 * whether `me` liked / viewed each, from an index range scan on (created_at desc, id desc).
 */
function feedSelect(tx: Tx, me: string | null | Placeholder) {
  return tx
    .select({
      post: posts,
      author: authorFields,
      mentioned: mentionedJson,
      liked: sql<boolean>`EXISTS (SELECT 1 FROM ${likes} ml WHERE ml.target_id = ${posts.id} AND ml.user_id = ${me}::uuid)`,
      viewed: sql<boolean>`EXISTS (SELECT 1 FROM ${views} mv WHERE mv.post_id = ${posts.id} AND mv.user_id = ${me}::uuid)`,
    })
    .from(posts)
    .leftJoin(authors, eq(authors.id, posts.authorId));
}
export type FeedRow = Awaited<ReturnType<ReturnType<typeof feedSelect>['execute']>>[number];

export interface PageRequest {
  page: number;
  limit: number;
  /** Snapshot: only posts at or before this position (the first page's newest). */
  before?: FeedCursor;
  /** Keyset: only posts strictly after (older than) this position; `page` is then ignored. */
  after?: FeedCursor;
}

const le = (c: FeedCursor) => sql`(${posts.createdAt}, ${posts.id}) <= (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`;
const lt = (c: FeedCursor) => sql`(${posts.createdAt}, ${posts.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`;

/** Feed filters: each uses an index whose order is (created_at desc, id desc). */
export const feedWhere = {
  wall: (clientId: string | Placeholder) => and(eq(posts.clientId, clientId), eq(posts.onWall, true))!,
  author: (clientId: string, userId: string) => and(eq(posts.clientId, clientId), eq(posts.authorId, userId))!,
  userFeed: (clientId: string, userId: string) =>
    and(eq(posts.clientId, clientId), sql`(${posts.authorId} = ${userId}::uuid OR (${posts.parentType} = 'feed' AND ${posts.parentId} = ${userId}::uuid))`)!,
  follows: (clientId: string, userId: string) =>
    and(
      eq(posts.clientId, clientId),
      eq(posts.onWall, true),
      sql`${posts.authorId} IN (SELECT f.user_id FROM ${follows} f WHERE f.follower_id = ${userId}::uuid)`,
    )!,
  mentions: (clientId: string, userId: string) => and(eq(posts.clientId, clientId), sql`${posts.mentions} @> ARRAY[${userId}::uuid]`)!,
  commented: (clientId: string, userId: string) =>
    and(eq(posts.clientId, clientId), sql`${posts.id} IN (SELECT c.post_id FROM ${comments} c WHERE c.author_id = ${userId}::uuid)`)!,
  thanks: (clientId: string | Placeholder) => and(eq(posts.clientId, clientId), eq(posts.type, 'thanks'))!,
  group: (clientId: string, groupIds: string[]) =>
    groupIds.length ? and(eq(posts.clientId, clientId), eq(posts.parentType, 'group'), inArray(posts.parentId, groupIds))! : sql`false`,
  /** Posts of the groups `userId` belongs to (which of them the caller may read, the posts' row policy decides). */
  groupsOf: (clientId: string, userId: string) =>
    and(
      eq(posts.clientId, clientId),
      eq(posts.parentType, 'group'),
      sql`${posts.parentId} IN (SELECT gm.group_id FROM ${groupMembers} gm WHERE gm.user_id = ${userId}::uuid)`,
    )!,
};

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** Feeds whose filter depends on the client alone run as prepared statements (the wall is the most read page). */
export type PreparedFeed = 'wall' | 'thanks';

const ph = sql.placeholder;
const cursorAt = (name: string) => sql`(${ph(`${name}At`)}::timestamptz, ${ph(`${name}Id`)}::uuid)`;
/** One prepared page query per feed and cursor shape (no cursor, `before` snapshot, `after` keyset). */
const preparedPages = Object.fromEntries(
  (['wall', 'thanks'] as const).flatMap((feed) =>
    (['first', 'before', 'after'] as const).map((shape) => [
      `${feed}:${shape}`,
      preparedQuery(`social_${feed}_page_${shape}`, (tx) =>
        feedSelect(tx, ph('me'))
          .where(
            and(
              feedWhere[feed](ph('clientId')),
              shape === 'before' ? sql`(${posts.createdAt}, ${posts.id}) <= ${cursorAt('cursor')}` : undefined,
              shape === 'after' ? sql`(${posts.createdAt}, ${posts.id}) < ${cursorAt('cursor')}` : undefined,
            ),
          )
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(ph('limit'))
          .offset(ph('offset')),
      ),
    ]),
  ),
) as Record<`${PreparedFeed}:${'first' | 'before' | 'after'}`, ReturnType<typeof preparedQuery<Record<string, unknown>, FeedRow[]>>>;

@Injectable()
export class PostsRepository {
  /** `page` of a client-only feed (wall, thanks) as a prepared statement: same rows, no SQL building per call. */
  async preparedPage(tx: Tx, feed: PreparedFeed, me: string | null, clientId: string, p: PageRequest): Promise<FeedRow[]> {
    const cursor = p.after ?? p.before;
    const shape = p.after ? 'after' : p.before ? 'before' : 'first';
    return preparedPages[`${feed}:${shape}`].execute(tx, {
      me,
      clientId,
      cursorAt: cursor?.at.toISOString(),
      cursorId: cursor?.id,
      limit: p.limit + 1,
      offset: p.after ? 0 : (p.page - 1) * p.limit,
    });
  }

  /** One page of a feed: `limit + 1` rows are read so the caller knows whether more follow. */
  async page(tx: Tx, me: string | null, where: SQL, p: PageRequest): Promise<FeedRow[]> {
    const conds = [where];
    if (p.before) conds.push(le(p.before));
    if (p.after) conds.push(lt(p.after));
    return feedSelect(tx, me)
      .where(and(...conds))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(p.limit + 1)
      .offset(p.after ? 0 : (p.page - 1) * p.limit);
  }

  /** GET api/post filters combined. */
  queryWhere(clientId: string, q: { author?: string; type?: string; parent_type?: string; parent_id?: string; mention?: string; search?: string }): SQL {
    const conds: SQL[] = [eq(posts.clientId, clientId)];
    if (q.author) conds.push(eq(posts.authorId, q.author));
    if (q.type) conds.push(sql`${posts.type} = ${q.type}`);
    if (q.parent_type) conds.push(sql`${posts.parentType} = ${q.parent_type}`);
    if (q.parent_id) conds.push(eq(posts.parentId, q.parent_id));
    if (q.mention) conds.push(sql`${posts.mentions} @> ARRAY[${q.mention}::uuid]`);
    if (q.search) conds.push(sql`${posts.message} ILIKE ${`%${escapeLike(q.search)}%`}`);
    return and(...conds)!;
  }

  /** Feed rows matching `where`, in no particular order (the wall's read model re-reads the posts an event touched). */
  feedRowsWhere(tx: Tx, me: string | null, where: SQL): Promise<FeedRow[]> {
    return feedSelect(tx, me).where(where);
  }

  async feedItem(tx: Tx, me: string | null, id: string): Promise<FeedRow | undefined> {
    const [row] = await feedSelect(tx, me).where(eq(posts.id, id)).limit(1);
    return row;
  }

  /**
   * The feed row of a post just inserted, without reading it back (the write path of POST api/post, issue 19): no
   * one has liked or viewed it yet, so only its author and mentioned people are needed, from `people` (rows of
   * `authors`; one missing is left out, as the feed query's joins do). Mentioned people keep the order of `mentions`.
   */
  newFeedRow(post: PostRow, people: AuthorRow[]): FeedRow {
    const byId = new Map(people.map((a) => [a.id, a]));
    const json = (a: AuthorRow): AuthorJson => ({
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      avatar: a.avatar,
      position: a.position,
      department: a.department,
      deletionMark: a.deletionMark,
    });
    const author = byId.get(post.authorId);
    return {
      post,
      author: author ? json(author) : null,
      mentioned: [...new Set(post.mentions)].flatMap((id) => (byId.has(id) ? [json(byId.get(id)!)] : [])),
      liked: false,
      viewed: false,
    };
  }

  async byId(tx: Tx, id: string): Promise<PostRow | undefined> {
    const [row] = await tx.select().from(posts).where(eq(posts.id, id)).limit(1);
    return row;
  }

  /** Which of these posts are a task's (parent type `task`), with the task id. */
  async taskParents(tx: Tx, ids: string[]): Promise<{ id: string; parentId: string }[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: posts.id, parentId: posts.parentId })
      .from(posts)
      .where(and(inArray(posts.id, ids), eq(posts.parentType, 'task')));
    return rows.filter((r): r is { id: string; parentId: string } => !!r.parentId);
  }

  /** Locks the post row for a counter or content change. */
  async lock(tx: Tx, id: string): Promise<PostRow | undefined> {
    const [row] = await tx.select().from(posts).where(eq(posts.id, id)).limit(1).for('update');
    return row;
  }

  async insert(tx: Tx, row: NewPost): Promise<PostRow> {
    const [r] = await tx.insert(posts).values(row).returning();
    return r;
  }

  async update(tx: Tx, id: string, patch: Partial<NewPost>): Promise<PostRow | undefined> {
    const [r] = await tx
      .update(posts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(posts.id, id))
      .returning();
    return r;
  }

  /** Deletes the post; comments, likes, views and file rows go with it (FK cascade). */
  async delete(tx: Tx, id: string): Promise<boolean> {
    const r = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    return r.length > 0;
  }

  /** Newest wall post ids (PUT api/post/all/view without ids). */
  async newestWallIds(tx: Tx, clientId: string, limit: number): Promise<string[]> {
    const rows = await tx.select({ id: posts.id }).from(posts).where(feedWhere.wall(clientId)).orderBy(desc(posts.createdAt), desc(posts.id)).limit(limit);
    return rows.map((r) => r.id);
  }

  /** Likers of a post (§3 likes: _id, created, author). */
  likesOf(tx: Tx, postId: string) {
    return tx
      .select({ id: likes.id, createdAt: likes.createdAt, userId: likes.userId, author: authorFields })
      .from(likes)
      .leftJoin(authors, eq(authors.id, likes.userId))
      .where(and(eq(likes.targetId, postId), eq(likes.likeType, 'post')))
      .orderBy(asc(likes.createdAt));
  }

  /** Viewers of a post (§3 views: {user, time}) with their names and avatars, oldest first. */
  viewsOf(tx: Tx, postId: string) {
    return tx
      .select({ userId: views.userId, createdAt: views.createdAt, where: views.where, author: authorFields })
      .from(views)
      .leftJoin(authors, eq(authors.id, views.userId))
      .where(eq(views.postId, postId))
      .orderBy(asc(views.createdAt));
  }

  /** The parent of a post, or of a comment's post (taskOf); undefined when neither is there. */
  async parentOf(tx: Tx, ref: { postId?: string; commentId?: string }): Promise<{ type: PostRow['parentType']; id: string | null } | undefined> {
    let postId = ref.postId;
    if (ref.commentId) {
      const [c] = await tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, ref.commentId)).limit(1);
      postId = c?.postId;
    }
    if (!postId) return undefined;
    const [p] = await tx.select({ type: posts.parentType, id: posts.parentId }).from(posts).where(eq(posts.id, postId)).limit(1);
    return p;
  }

  /** The posts of a task (its comments, parent type `task`): ids and types. */
  ofTask(tx: Tx, taskId: string): Promise<{ id: string; type: PostRow['type'] }[]> {
    return tx
      .select({ id: posts.id, type: posts.type })
      .from(posts)
      .where(and(eq(posts.parentType, 'task'), eq(posts.parentId, taskId)));
  }

  /** Feed rows (no reader flags) of those of `ids` that are on the wall (the wall's read model re-reads them). */
  wallRowsByIds(tx: Tx, ids: string[]): Promise<FeedRow[]> {
    return this.feedRowsWhere(tx, null, and(eq(posts.onWall, true), inArray(posts.id, ids))!);
  }

  /** Which of `ids` `userId` liked and viewed (the read model's reader flags). */
  async flagsOf(tx: Tx, userId: string, ids: string[]): Promise<{ liked: string[]; viewed: string[] }> {
    const l = await tx
      .select({ id: likes.targetId })
      .from(likes)
      .where(and(eq(likes.userId, userId), inArray(likes.targetId, ids)));
    const v = await tx
      .select({ id: views.postId })
      .from(views)
      .where(and(eq(views.userId, userId), inArray(views.postId, ids)));
    return { liked: l.map((x) => x.id), viewed: v.map((x) => x.id) };
  }
}

@Injectable()
export class LikesRepository {
  /**
   * Toggles `userId`'s like of a target: removes it if present, else adds it (the unique (target, user) key means a
   * like is never counted twice, even by two concurrent calls). Keeps the counter of the post or comment in step.
   * Output: whether the user now likes it and the new count.
   */
  async toggle(
    tx: Tx,
    l: { clientId: string; likeType: 'post' | 'comment' | 'answer'; targetId: string; postId: string; commentId: string | null; userId: string; id: string },
  ): Promise<{ liked: boolean; count: number }> {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.targetId, l.targetId), eq(likes.userId, l.userId)))
      .returning({ id: likes.id });
    let delta = removed.length ? -1 : 0;
    let liked = false;
    if (!removed.length) {
      const added = await tx.insert(likes).values(l).onConflictDoNothing().returning({ id: likes.id });
      delta = added.length;
      liked = true;
    }
    const [row] = l.commentId
      ? await tx
          .update(comments)
          .set({ likesCount: sql`greatest(0, ${comments.likesCount} + ${delta})` })
          .where(eq(comments.id, l.targetId))
          .returning({ count: comments.likesCount })
      : await tx
          .update(posts)
          .set({ likesCount: sql`greatest(0, ${posts.likesCount} + ${delta})` })
          .where(eq(posts.id, l.targetId))
          .returning({ count: posts.likesCount });
    return { liked, count: row?.count ?? 0 };
  }
}

@Injectable()
export class ViewsRepository {
  /**
   * Registers `userId`'s view of each post once (primary key (post, user)); bumps the counters of the posts whose
   * view is new. Output: the new counters of those posts.
   */
  async add(tx: Tx, clientId: string, userId: string, postIds: string[], where: string | null): Promise<{ id: string; viewsCount: number }[]> {
    if (!postIds.length) return [];
    const inserted = await queryRows<{ post_id: string }>(
      tx,
      sql`
      INSERT INTO ${views} (post_id, user_id, client_id, "where")
      SELECT p.id, ${userId}::uuid, ${clientId}::uuid, ${where} FROM ${posts} p WHERE p.id = ANY(${`{${postIds.join(',')}}`}::uuid[])
      ON CONFLICT DO NOTHING RETURNING post_id`,
    );
    const ids = inserted.map((r) => r.post_id);
    if (!ids.length) return [];
    return tx
      .update(posts)
      .set({ viewsCount: sql`${posts.viewsCount} + 1` })
      .where(inArray(posts.id, ids))
      .returning({ id: posts.id, viewsCount: posts.viewsCount });
  }
}
