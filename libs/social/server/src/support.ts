import { clientSubjects } from '@intranet/clients-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { FEED_PAGE_SIZE, SOCIAL_TEXT, type AttachmentInput, type FeedPage } from '@intranet/social-contract';
import { ask, systemContext, type RequestContext } from '@intranet/platform-bus';
import { formatBytes } from '@intranet/platform-contracts';
import { GUARDED_KINDS } from '@intranet/files-contract';
import { and, ne, type SQL } from 'drizzle-orm';
import { tasksSubjects } from '@intranet/tasks-contract';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { signer, toFeedPost, type Signer } from './mapping.ts';
import { authorsRepository, cursorOf, feedWhere, parseCursor, postsRepository, type FileRow, type NewAuthor } from './repository.ts';
import { comments, groups, posts, type StoredFile } from './schema.ts';
import { groupsRepository } from './groups-repository.ts';
import { eq } from 'drizzle-orm';
import { afterCommit, type Tx } from '@intranet/platform-db';
import type { Outbox } from '@intranet/platform-outbox';
import { FeedReadModel } from './feed-read-model.ts';
import { LRUCache } from 'lru-cache';

/** Key segments of upload kinds whose downloads are checked by their owning domain (§6 grants). */
const GUARDED_PREFIXES = Object.keys(GUARDED_KINDS);

export interface PageQuery {
  page?: number;
  limit?: number;
  before?: string;
  after?: string;
}

/** What every social handler shares: ports, the URL signer and the tenant, author, file and paging helpers. */
export interface Kit extends DomainDeps {
  sign: Signer;
  /** The wall's read model (issue 19); undefined when FEED_READ_MODEL is `off`. */
  feed?: FeedReadModel;
  /** The caller's client for a write; the superadmin must have selected a workspace. */
  clientOf(ctx: RequestContext): string;
  /** The caller's user id (every social action is a person's). */
  userOf(ctx: RequestContext): string;
  /**
   * Makes sure the projection knows these users of the caller's client (asking people for any it has not seen yet).
   * `strict`: an unknown id raises 'User not found' on `field`; otherwise it is skipped.
   */
  ensureAuthors(ctx: RequestContext, ids: string[], opts: { field: string; strict: boolean }): Promise<void>;
  /** Checks uploaded files against the client prefix, existence and `limit`; output: what to store. */
  checkFiles(clientId: string, items: AttachmentInput[], limit: number, field: string): Promise<StoredFile[]>;
  /** After a commit: deletes the objects and gives their bytes back to the client's quota (best effort, logged). */
  dropFiles(clientId: string, rows: FileRow[]): Promise<void>;
  /**
   * The realtime audience of a post's event: undefined (every socket of the client) unless the post belongs to a
   * group whose posts are off the wall (closed, private): then the group's readers; or to a task: then `task`'s
   * audience as tasks answered it before the transaction (none when not given).
   */
  audienceOf(tx: Tx, post: { parent: { type: string; id: string | null }; on_wall?: boolean }, task?: TaskAccess): Promise<string[] | undefined>;
  /**
   * One feed page for the caller (20 newest first; stable with `before`, keyset with `after`). Posts of tasks (parent
   * type `task`) are left out unless `tasks` (the caller was checked against that task).
   */
  pageOf(ctx: RequestContext, where: (clientId: string) => SQL, q: PageQuery, opts?: { tasks?: boolean }): Promise<FeedPage>;
  /**
   * Access to a task's comments (§3 Post/Comment with parent type `task`, §6 board rights): asks the tasks service
   * (tasks.internal.commentAccess) for the caller. Call it outside any transaction (embedded mode has one
   * connection, and tasks reads it too).
   */
  taskAccess(ctx: RequestContext, taskId: string): Promise<TaskAccess>;
  /**
   * The task behind a post or comment (by id), with the caller's access to it; undefined when the post is not a
   * task's (or not there: the handler then answers as before). Outside any transaction, as taskAccess.
   */
  taskOf(ctx: RequestContext, ref: { postId?: string; commentId?: string }): Promise<TaskAccess | undefined>;
}

/** What the tasks service answered for a user and a task: read, comment and who hears of its comments. */
export interface TaskAccess {
  read: boolean;
  comment: boolean;
  userIds: string[];
}

export const emptyPage = (q: PageQuery): FeedPage => ({
  posts: [],
  page: q.page ?? 1,
  limit: q.limit ?? FEED_PAGE_SIZE,
  cursor: null,
  next: null,
  hasMore: false,
});

export function authorFromUser(u: User, version: Date): NewAuthor {
  return {
    id: u._id,
    clientId: u.client_id!,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar,
    position: u.position,
    department: u.department,
    birthDate: u.birthDate || null,
    workingSince: u.workingSince || null,
    deletionMark: u.deletion_mark,
    version,
  };
}

export function makeKit(deps: DomainDeps): Kit {
  const { db, bus, storage, log, config } = deps;
  const sign = signer(config.JWT_SECRET);
  const feed = config.FEED_READ_MODEL === 'off' ? undefined : new FeedReadModel(db);
  const knownAuthors = new LRUCache<string, true>({ max: 100_000 });
  /** `${clientId}:p:${postId}` or `…:c:${commentId}` → the post's parent (taskOf). */
  const parents = new LRUCache<string, { type: string; id: string | null }>({ max: 100_000 });
  // This process's read model hears of a change right after its commit (the bus brings it to the other replicas):
  // a writer's next read already sees the write.
  const outbox: Outbox = feed
    ? Object.assign(Object.create(deps.outbox) as Outbox, {
        add: (async (tx, def, clientId, data) => {
          const id = await deps.outbox.add(tx, def, clientId, data);
          afterCommit(tx, () => feed.changed({ id, subject: def.subject, clientId, data }, true));
          return id;
        }) as Outbox['add'],
      })
    : deps.outbox;

  const clientOf = (ctx: RequestContext) => {
    if (!ctx.clientId) throw Errors.badRequest(SOCIAL_TEXT.selectWorkspace);
    return ctx.clientId;
  };
  const userOf = (ctx: RequestContext) => {
    if (!ctx.userId) throw Errors.forbidden();
    return ctx.userId;
  };

  const fileNotFound = (field: string) => new DomainError('not_found', SOCIAL_TEXT.fileNotFound, { errors: [{ field, message: SOCIAL_TEXT.fileNotFound }] });
  const tooBig = (field: string, limit: number) => {
    const message = SOCIAL_TEXT.filesAbove(formatBytes(limit));
    return new DomainError('payload_too_large', message, { errors: [{ field, message }] });
  };

  const taskAccess = async (ctx: RequestContext, taskId: string): Promise<TaskAccess> => {
    if (!ctx.clientId) return { read: false, comment: false, userIds: [] };
    return ask(bus, tasksSubjects.commentAccess, systemContext(ctx.clientId), { task_id: taskId, user_id: ctx.userId });
  };

  return {
    ...deps,
    outbox,
    feed,
    sign,
    clientOf,
    userOf,

    async ensureAuthors(ctx, ids, { field, strict }) {
      // Projection rows are never deleted (a deleted user keeps a mark): one seen stays known, without a query.
      const want = [...new Set(ids)].filter((i) => !knownAuthors.has(`${ctx.clientId}:${i}`));
      if (!want.length) return;
      const have = new Set((await db.inTenant(ctx, (tx) => authorsRepository.byIds(tx, want))).map((a) => a.id));
      for (const id of have) knownAuthors.set(`${ctx.clientId}:${id}`, true);
      for (const id of want.filter((i) => !have.has(i))) {
        try {
          // The projection has not seen this user yet (events are asynchronous): ask the owner once.
          // As the service, not the caller: a mention must not depend on the author's address-book right.
          const u = await bus.request<User>(peopleRoutes.get.subject, { ctx: systemContext(ctx.clientId), input: { params: { id } } });
          if (!u.client_id || u.client_id !== ctx.clientId) throw Errors.notFound();
          await db.inTenant(ctx, (tx) => authorsRepository.upsert(tx, authorFromUser(u, new Date())));
        } catch (err) {
          if (!strict) continue;
          if (err instanceof DomainError && (err.code === 'not_found' || err.code === 'user_not_found')) {
            throw new DomainError('validation', SOCIAL_TEXT.userNotFound, { errors: [{ field, message: SOCIAL_TEXT.userNotFound }] });
          }
          throw err;
        }
      }
    },

    async checkFiles(clientId, items, limit, field) {
      const out: StoredFile[] = [];
      const seen = new Set<string>();
      for (const [i, f] of items.entries()) {
        const at = `${field}.${i}`;
        if (!f.key.startsWith(`${clientId}/`) || (f.thumbKey && !f.thumbKey.startsWith(`${clientId}/`)) || seen.has(f.key)) throw fileNotFound(at);
        // Guarded uploads (kb, cv) download only for readers their owner allows: never attachable to a post.
        if (GUARDED_PREFIXES.some((k) => f.key.startsWith(`${clientId}/${k}/`))) throw fileNotFound(at);
        seen.add(f.key);
        if (f.size > limit) throw tooBig(at, limit);
        // The stored size is the truth, whatever the body claims.
        const obj = await storage.get(f.key).catch(() => null);
        if (!obj) throw fileNotFound(at);
        obj.stream.destroy();
        if (obj.size > limit) throw tooBig(at, limit);
        out.push({ key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: obj.size, thumbKey: f.thumbKey ?? null });
      }
      return out;
    },

    async dropFiles(clientId, rows) {
      if (!rows.length) return;
      const keys = rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
      // Thumbnails were reserved with their images at upload: give their bytes back too.
      let thumbBytes = 0;
      for (const r of rows) {
        if (!r.thumbKey) continue;
        const t = await storage.get(r.thumbKey).catch(() => null);
        if (t) {
          t.stream.destroy();
          thumbBytes += t.size;
        }
      }
      await storage.delete(keys).catch((err: Error) => log.warn(`social: could not delete ${keys.length} objects: ${err.message}`));
      const bytes = rows.reduce((n, r) => n + r.size, thumbBytes);
      await ask(bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes }).catch((err: Error) =>
        log.warn(`social: could not release ${bytes} bytes of ${clientId}: ${err.message}`),
      );
    },

    async audienceOf(tx, post, task) {
      if (post.parent.type === 'task') return task?.userIds ?? [];
      if (post.parent.type !== 'group' || !post.parent.id) return undefined;
      const [g] = await tx.select({ type: groups.type }).from(groups).where(eq(groups.id, post.parent.id)).limit(1);
      if (g?.type === 'public') return undefined;
      return groupsRepository.readers(tx, post.parent.id);
    },

    taskAccess,

    async taskOf(ctx, ref) {
      // A post never changes its parent, nor a comment its post: what was read once holds (per client, so a
      // foreign id never reads another client's answer). Likes and comments of the hot posts then open no
      // transaction here.
      const key = `${ctx.clientId}:${ref.commentId ? `c:${ref.commentId}` : `p:${ref.postId}`}`;
      const known = parents.get(key);
      const parent =
        known ??
        (await db.inTenant(ctx, async (tx) => {
          let postId = ref.postId;
          if (ref.commentId) {
            const [c] = await tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, ref.commentId)).limit(1);
            postId = c?.postId;
          }
          if (!postId) return undefined;
          const [p] = await tx.select({ type: posts.parentType, id: posts.parentId }).from(posts).where(eq(posts.id, postId)).limit(1);
          return p;
        }));
      if (parent && !known) parents.set(key, parent);
      if (parent?.type !== 'task' || !parent.id) return undefined;
      return taskAccess(ctx, parent.id);
    },

    async pageOf(ctx, where, q, opts) {
      if (!ctx.clientId) throw Errors.notFound();
      const clientId = ctx.clientId;
      const page = q.page ?? 1;
      const limit = q.limit ?? FEED_PAGE_SIZE;
      const before = q.before ? parseCursor(q.before) : undefined;
      const after = q.after ? parseCursor(q.after) : undefined;
      const prepared = where === feedWhere.wall ? 'wall' : where === feedWhere.thanks ? 'thanks' : undefined;
      // Task posts are never on the wall (on_wall false), so the wall's read model needs no task filter.
      const cached = prepared === 'wall' && feed ? await feed.page({ clientId, userId: ctx.userId }, { page, limit, before, after }) : undefined;
      const rows =
        cached ??
        (await db.inTenant(ctx, (tx) =>
          prepared
            ? postsRepository.preparedPage(tx, prepared, ctx.userId, clientId, { page, limit, before, after })
            : postsRepository.page(tx, ctx.userId, opts?.tasks ? where(clientId) : and(where(clientId), ne(posts.parentType, 'task'))!, {
                page,
                limit,
                before,
                after,
              }),
        ));
      const hasMore = rows.length > limit;
      const items = rows.slice(0, limit);
      const first = items[0]?.post;
      const last = items.at(-1)?.post;
      return {
        posts: items.map((r) => toFeedPost(r, sign)),
        page,
        limit,
        cursor: q.before ?? (page === 1 && !after && first ? cursorOf(first.createdAt, first.id) : null),
        next: hasMore && last ? cursorOf(last.createdAt, last.id) : null,
        hasMore,
      };
    },
  };
}

export const unique = (ids: string[]) => [...new Set(ids.map((s) => s.toLowerCase()))];
