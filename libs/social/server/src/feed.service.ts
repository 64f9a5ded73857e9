import { Inject, Injectable } from '@nestjs/common';
import { and, ne, type SQL } from 'drizzle-orm';
import { FEED_PAGE_SIZE, type FeedPage } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import { afterCommit, type Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { FeedReadModel } from './feed-read-model.ts';
import { toFeedPost, type Signer } from './mapping.ts';
import { cursorOf, feedWhere, parseCursor, PostsRepository } from './posts.repository.ts';
import { posts } from './schema.ts';
import { SOCIAL_SIGNER } from './social.tokens.ts';

/** Paging of a feed route: `page` (20 a page), `limit`, a `before` snapshot cursor or an `after` keyset cursor. */
export interface PageQuery {
  page?: number;
  limit?: number;
  before?: string;
  after?: string;
}

/** Feed pages (§7 Posts, §4 Posts): the wall from this replica's read model when it can, every feed from SQL. */
@Injectable()
export class FeedService {
  /** The wall's read model (issue 19); undefined when FEED_READ_MODEL is `off`. */
  readonly model?: FeedReadModel;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) config: Config,
    @Inject(SOCIAL_SIGNER) private readonly sign: Signer,
    private readonly posts: PostsRepository,
  ) {
    this.model = config.FEED_READ_MODEL === 'off' ? undefined : new FeedReadModel(db, posts);
  }

  /**
   * One feed page for the caller (20 newest first; stable with `before`, keyset with `after`). Posts of tasks (parent
   * type `task`) are left out unless `tasks` (the caller was checked against that task). Errors: 403 without a caller.
   */
  async pageOf(ctx: RequestContext, where: (clientId: string) => SQL, q: PageQuery, opts?: { tasks?: boolean }): Promise<FeedPage> {
    const { clientId, userId } = requireCaller(ctx);
    const page = q.page ?? 1;
    const limit = q.limit ?? FEED_PAGE_SIZE;
    const before = q.before ? parseCursor(q.before) : undefined;
    const after = q.after ? parseCursor(q.after) : undefined;
    const prepared = where === feedWhere.wall ? 'wall' : where === feedWhere.thanks ? 'thanks' : undefined;
    // Task posts are never on the wall (on_wall false), so the wall's read model needs no task filter.
    const cached = prepared === 'wall' && this.model ? await this.model.page({ clientId, userId }, { page, limit, before, after }) : undefined;
    const rows =
      cached ??
      (await this.db.inTenant(ctx, (tx) =>
        prepared
          ? this.posts.preparedPage(tx, prepared, userId, clientId, { page, limit, before, after })
          : this.posts.page(tx, userId, opts?.tasks ? where(clientId) : and(where(clientId), ne(posts.parentType, 'task'))!, { page, limit, before, after }),
      ));
    const hasMore = rows.length > limit;
    const items = rows.slice(0, limit);
    const first = items[0]?.post;
    const last = items.at(-1)?.post;
    return {
      posts: items.map((r) => toFeedPost(r, this.sign)),
      page,
      limit,
      cursor: q.before ?? (page === 1 && !after && first ? cursorOf(first.createdAt, first.id) : null),
      next: hasMore && last ? cursorOf(last.createdAt, last.id) : null,
      hasMore,
    };
  }
}

/**
 * The outbox social's services write through: with a read model, this process's model hears of a change right
 * after its commit (the bus brings it to the other replicas), so a writer's next read already sees the write.
 */
export function feedOutbox(outbox: Outbox, feed: FeedService): Outbox {
  const model = feed.model;
  if (!model) return outbox;
  return Object.assign(Object.create(outbox) as Outbox, {
    add: (async (tx, def, clientId, data) => {
      const id = await outbox.add(tx, def, clientId, data);
      afterCommit(tx, () => model.changed({ id, subject: def.subject, clientId, data }, true));
      return id;
    }) as Outbox['add'],
  });
}
