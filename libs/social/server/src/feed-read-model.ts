import { LRUCache } from 'lru-cache';
import client from 'prom-client';
import type { Database, TenantContext, Tx } from '@intranet/platform-db';
import type { BusEvent } from '@intranet/platform-bus';
import { metricsRegistry } from '@intranet/platform-host';
import { feedWhere, type FeedCursor, type FeedRow, type PageRequest, type PostsRepository } from './posts.repository.ts';

/**
 * The company wall's read model (issue 19): the newest wall posts of each client, kept in this process's memory and
 * patched from social's own events, so the most read page of the portal costs no SQL in the common case.
 *
 * Why it is exact: the wall (`posts.on_wall` of one client) is the same list for every reader of the client (the
 * row policies pass every on-wall post, closed groups' included), so one window per client serves everyone; what
 * differs per reader — whether they liked or viewed a post — is kept per reader and dropped on their own like or view
 * events. Every change reaches the window through an event after its commit: in this process at once (the kit calls
 * `changed` after commit, so a writer's next read sees its write), in other replicas through the bus (a relay's
 * delay: milliseconds). Changes are applied one after another per client by re-reading the touched rows, so a late
 * event can never put an older state back; a read waits for the changes marked before it.
 *
 * Anything it cannot serve (a page beyond the window, a cursor outside it) goes to the SQL path, as does everything
 * when FEED_READ_MODEL is `off`.
 */

/** Rows kept per client: five pages of 20 and the one that tells whether more follow. */
export const WALL_WINDOW = 101;
/** How long a window is trusted without a reload, ms. */
const WINDOW_MAX_AGE_MS = 60_000;

interface Window {
  /** Newest first by (created_at, id); flags (liked, viewed) of no reader. */
  rows: FeedRow[];
  /** The client has no wall post older than the last row (every page can be served). */
  complete: boolean;
  /** Date.now() of the load. */
  loadedAt: number;
}

interface ClientState {
  window?: Window;
  /** Post ids to re-read, or everything ('all'). */
  dirty: Set<string>;
  reloadAll: boolean;
  /** The change queue in progress; reads wait for it. */
  running?: Promise<void>;
}

interface ReaderFlags {
  covered: Set<string>;
  liked: Set<string>;
  viewed: Set<string>;
}

const lookups = new client.Counter({
  name: 'social_feed_read_model_total',
  help: 'Wall pages served by the read model (hit) or by SQL (miss)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

const after = (r: FeedRow, c: FeedCursor) => {
  const t = r.post.createdAt.getTime();
  return t < c.at.getTime() || (t === c.at.getTime() && r.post.id < c.id);
};
const newer = (a: FeedRow, b: FeedRow) => {
  const d = b.post.createdAt.getTime() - a.post.createdAt.getTime();
  return d !== 0 ? d : a.post.id < b.post.id ? 1 : a.post.id > b.post.id ? -1 : 0;
};

export class FeedReadModel {
  private readonly clients: LRUCache<string, ClientState>;
  private readonly readers: LRUCache<string, ReaderFlags>;
  /** Bumped by every invalidation of a reader: a flags read started before it is not stored. */
  private readonly readerGen = new Map<string, number>();
  readonly stats = { hits: 0, misses: 0 };
  /** Ids of events already applied (outbox ids: the same on the bus). */
  private readonly applied = new LRUCache<string, true>({ max: 10_000 });

  constructor(
    private readonly db: Database,
    private readonly posts: PostsRepository,
    opts: { clients?: number; readers?: number } = {},
  ) {
    this.clients = new LRUCache({ max: opts.clients ?? 2000 });
    this.readers = new LRUCache({ max: opts.readers ?? 50_000 });
  }

  /**
   * §7 GET api/post/news/{client}/{page} and GET /api/post/client/{id} from memory: `limit + 1` rows of the page
   * (as `PostsRepository.page` answers) with the reader's flags, or undefined when the window cannot serve it (the
   * caller then runs the SQL). Raises the database's errors of a window or flags load.
   */
  async page(ctx: TenantContext & { clientId: string }, p: PageRequest): Promise<FeedRow[] | undefined> {
    const state = this.stateOf(ctx.clientId);
    // Rows written around the service (a restore, a bulk seed) emit no event: a window lives a minute at most.
    if (state.window && Date.now() - state.window.loadedAt > WINDOW_MAX_AGE_MS) state.reloadAll = true;
    if (!state.window || state.running || state.reloadAll || state.dirty.size) await this.drain(ctx.clientId, state);
    const w = state.window;
    let rows = w?.rows;
    if (!w || !rows) return this.miss();
    if (p.after) rows = rows.filter((r) => after(r, p.after!));
    // The window is the newest run of the wall: what lies at or after a cursor within it is the same run.
    else if (p.before) rows = rows.filter((r) => r.post.id === p.before!.id || after(r, p.before!));
    const offset = p.after ? 0 : (p.page - 1) * p.limit;
    // A complete window serves its last, short page; past it (or past an incomplete one) SQL answers.
    if (offset + p.limit + 1 > rows.length && (!w.complete || offset >= rows.length)) return this.miss();
    const slice = rows.slice(offset, offset + p.limit + 1);
    if (!ctx.userId) return this.hit(slice);
    const flags = await this.flagsOf(ctx as TenantContext & { clientId: string; userId: string }, w, slice);
    return this.hit(slice.map((r) => ({ ...r, liked: flags.liked.has(r.post.id), viewed: flags.viewed.has(r.post.id) })));
  }

  /**
   * An event of social (this process's after commit, `local`, or any replica's from the bus): marks what it changed.
   * Post, comment, like and view events re-read their posts; anything else of the client (groups, authors, …) reloads
   * the window. Follow events change no wall row. A reader's own like of a post, committed here, sets that one flag
   * (local events come in commit order); any other like or view of theirs drops their flags (a replica's events may
   * pass each other on the bus).
   */
  changed(evt: Pick<BusEvent, 'subject' | 'clientId' | 'data'> & { id?: string }, local = false): void {
    const clientId = evt.clientId;
    if (!clientId) return;
    // This process applied its own events right after commit; their copy from the bus changes nothing more.
    if (evt.id) {
      if (this.applied.has(evt.id)) return;
      this.applied.set(evt.id, true);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const d = evt.data as any;
    const s = evt.subject;
    if (s === 'evt.social.follow.changed') return;
    if (s === 'evt.social.like.changed') {
      // A comment's or an answer's like changes no post flag.
      if (d?.like_type === 'post') {
        if (local && typeof d.post_id === 'string' && typeof d.liked === 'boolean') this.setLiked(clientId, d.user_id, d.post_id, d.liked);
        else this.dropReader(clientId, d?.user_id);
      }
    } else if (s === 'evt.social.view.changed') this.dropReader(clientId, d?.user_id);
    const ids: string[] =
      s === 'evt.social.post.created' || s === 'evt.social.post.updated'
        ? [d?.post?._id]
        : s === 'evt.social.post.deleted'
          ? [d?._id]
          : s.startsWith('evt.social.comment.') || s === 'evt.social.like.changed'
            ? [d?.post_id]
            : s === 'evt.social.view.changed'
              ? (d?.posts ?? []).map((p: { _id: string }) => p._id)
              : [];
    const state = this.clients.get(clientId);
    if (!state) return;
    if (ids.length && ids.every((i) => typeof i === 'string')) for (const id of ids) state.dirty.add(id);
    else state.reloadAll = true;
    void this.drain(clientId, state).catch(() => undefined);
  }

  /** Forgets a client's window (e.g. its authors changed in the projection): the next read loads it again. */
  reload(clientId: string): void {
    const state = this.clients.get(clientId);
    if (!state) return;
    state.reloadAll = true;
    void this.drain(clientId, state).catch(() => undefined);
  }

  /**
   * Rebuilds a client's window from the database now (maintenance, issue 36), whatever it held; its readers' flags
   * are dropped. Answers the wall posts the new window holds.
   */
  async rebuild(clientId: string): Promise<number> {
    for (const key of [...this.readers.keys()]) if (key.startsWith(`${clientId}:`)) this.dropReader(clientId, key.slice(clientId.length + 1));
    const state = this.stateOf(clientId);
    if (state.running) await state.running.catch(() => undefined);
    state.reloadAll = true;
    await this.drain(clientId, state);
    return state.window?.rows.length ?? 0;
  }

  private hit(rows: FeedRow[]) {
    this.stats.hits++;
    lookups.inc({ result: 'hit' });
    return rows;
  }

  private miss(): undefined {
    this.stats.misses++;
    lookups.inc({ result: 'miss' });
    return undefined;
  }

  private stateOf(clientId: string): ClientState {
    let s = this.clients.get(clientId);
    if (!s) this.clients.set(clientId, (s = { dirty: new Set(), reloadAll: true }));
    return s;
  }

  private dropReader(clientId: string, userId: unknown) {
    if (typeof userId !== 'string') return;
    const key = `${clientId}:${userId}`;
    this.readerGen.set(key, (this.readerGen.get(key) ?? 0) + 1);
    this.readers.delete(key);
  }

  /** One post's liked flag of a reader whose flags are kept; a flags load in flight is not stored (it may predate it). */
  private setLiked(clientId: string, userId: unknown, postId: string, liked: boolean) {
    if (typeof userId !== 'string') return;
    const key = `${clientId}:${userId}`;
    this.readerGen.set(key, (this.readerGen.get(key) ?? 0) + 1);
    const flags = this.readers.get(key);
    if (!flags?.covered.has(postId)) return;
    if (liked) flags.liked.add(postId);
    else flags.liked.delete(postId);
  }

  /** Applies the marked changes one batch after another until none is left; one runner per client. */
  private drain(clientId: string, state: ClientState): Promise<void> {
    if (state.running) return state.running;
    const run = (async () => {
      try {
        while (state.reloadAll || state.dirty.size) {
          const ctx = { clientId, userId: null };
          if (state.reloadAll || !state.window) {
            state.reloadAll = false;
            state.dirty.clear();
            const rows = await this.db.inTenant(ctx, (tx) => this.posts.page(tx, null, feedWhere.wall(clientId), { page: 1, limit: WALL_WINDOW - 1 }));
            state.window = { rows, complete: rows.length < WALL_WINDOW, loadedAt: Date.now() };
            continue;
          }
          const ids = [...state.dirty];
          state.dirty.clear();
          const fresh = await this.db.inTenant(ctx, (tx) => this.rowsByIds(tx, ids));
          if (!this.patch(state.window, ids, fresh)) state.reloadAll = true;
        }
      } catch (err) {
        // Nothing half-applied is served: the next read loads the window again.
        state.window = undefined;
        state.reloadAll = true;
        throw err;
      } finally {
        state.running = undefined;
      }
    })();
    state.running = run;
    return run;
  }

  private rowsByIds(tx: Tx, ids: string[]): Promise<FeedRow[]> {
    return this.posts.wallRowsByIds(tx, ids);
  }

  /**
   * Replaces, inserts or removes the re-read posts; keeps the window sorted and at most WALL_WINDOW rows. Answers
   * false when an incomplete window shrank below half (deletions): cheaper to reload than to miss.
   */
  private patch(w: Window, ids: string[], fresh: FeedRow[]): boolean {
    const touched = new Set(ids);
    const tail = w.rows.at(-1);
    const had = new Set(w.rows.map((r) => r.post.id));
    let rows = w.rows.filter((r) => !touched.has(r.post.id));
    for (const r of fresh) {
      // Older than the last row of an incomplete window and not in it: it belongs to a page the window does not hold.
      if (!w.complete && tail && newer(r, tail) > 0 && !had.has(r.post.id)) continue;
      rows.push(r);
    }
    rows.sort(newer);
    if (rows.length > WALL_WINDOW) {
      rows = rows.slice(0, WALL_WINDOW);
      w.complete = false;
    }
    w.rows = rows;
    return w.complete || rows.length >= WALL_WINDOW / 2;
  }

  /** The reader's liked and viewed posts among the window (one query for the window's posts they lack). */
  private async flagsOf(ctx: TenantContext & { clientId: string; userId: string }, w: Window, slice: FeedRow[]): Promise<ReaderFlags> {
    const key = `${ctx.clientId}:${ctx.userId}`;
    const have = this.readers.get(key);
    if (have && slice.every((r) => have.covered.has(r.post.id))) return have;
    const gen = this.readerGen.get(key) ?? 0;
    const ids = [...new Set([...w.rows, ...slice].map((r) => r.post.id))];
    const f = await this.db.inTenant(ctx, (tx) => this.posts.flagsOf(tx, ctx.userId, ids));
    const flags: ReaderFlags = { covered: new Set(ids), liked: new Set(f.liked), viewed: new Set(f.viewed) };
    if ((this.readerGen.get(key) ?? 0) === gen) this.readers.set(key, flags);
    return flags;
  }
}
