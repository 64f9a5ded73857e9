import { Inject, Injectable } from '@nestjs/common';
import { KB_ERRORS, KB_TEXT, kbEvents, type FileRef, type Grant } from '@intranet/kb-contract';
import type { PeopleClient } from '@intranet/people-contract/lookup';
import type { Actor } from '@intranet/platform-audit';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { levelOn, mayOpen, type Reader } from './access.ts';
import { ArticlesRepository, type ListRow } from './articles.repository.ts';
import { FileToolsService } from './file-tools.service.ts';
import { FilesRepository } from './files.repository.ts';
import { toArticle, type SearchRow } from './mapping.ts';
import { plainText, sanitizeRichText } from './sanitize.ts';
import type { ArticleRow, FileKind, FileRow } from './schema.ts';
import { TagsRepository } from './tags.repository.ts';
import { PEOPLE } from './viewer.service.ts';

/**
 * The steps every kb article use case shares (§7 Articles): opening a node with an access check, presenting rows
 * as §3 articles, sanitising content, tags, file replacement, parent checks, outbox events and people look-ups.
 */
@Injectable()
export class ArticleSupport {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly files: FilesRepository,
    private readonly tags: TagsRepository,
    private readonly ft: FileToolsService,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PEOPLE) private readonly people: PeopleClient,
  ) {}

  /** The row and the reader's level. Errors: 404 (absent or another client), 403 'No access' (grants, feature right). */
  async open(tx: Tx, r: Reader, id: string, need: 1 | 2 = 1): Promise<{ row: ArticleRow; level: number }> {
    const row = await this.articles.byId(tx, id);
    if (!row) throw Errors.notFound();
    if (!mayOpen(r, row, need)) throw Errors.noAccess();
    return { row, level: levelOn(r, row) };
  }

  /** Rows → §3 articles as answers give them (signed URLs, favourites, tags, the caller's level). */
  async present(tx: Tx, r: Reader, rows: (ListRow | SearchRow)[], viewedId?: string) {
    const ids = rows.map((x) => x.id);
    // One after another: a transaction is one connection, which runs one query at a time anyway (pg deprecates
    // queueing a query on a client that is still executing one).
    const fileRows = await this.articles.filesOf(tx, ids);
    const tagMap = await this.articles.tagsOf(tx, ids);
    const favourites = await this.articles.favouritesOf(tx, r.userId, ids);
    const parents = await this.articles.withChildren(tx, r, ids);
    const viewed = viewedId ? await this.articles.viewedBy(tx, r.userId, viewedId) : false;
    const byArticle = new Map<string, FileRow[]>();
    for (const f of fileRows) {
      const list = byArticle.get(f.articleId);
      if (list) list.push(f);
      else byArticle.set(f.articleId, [f]);
    }
    return rows.map((row) =>
      toArticle(this.ft.sign, row, {
        level: levelOn(r, row),
        files: byArticle.get(row.id) ?? [],
        tags: tagMap.get(row.id) ?? [],
        favourites,
        hasChildren: parents.has(row.id),
        viewed: viewedId === row.id ? viewed : false,
      }),
    );
  }

  /** One node as GET api/article/{id} answers it (content always present, null for file nodes). */
  async presentOne(tx: Tx, r: Reader, id: string) {
    const row = (await this.articles.byId(tx, id))!;
    const [a] = await this.present(tx, r, [row], id);
    return { ...a, content: a.content ?? null };
  }

  /** Sanitised content and its plain text for the search vector. */
  richText(html: string | null | undefined) {
    const content = sanitizeRichText(html);
    return { content, bodyText: plainText(content) };
  }

  /** Sets the article's tags to `ids` (tags of the client; others are refused as 'Tag not found'). */
  async setTags(tx: Tx, clientId: string, id: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await this.tags.countKnown(tx, unique)) !== unique.length) throw Errors.fieldCoded('tags', KB_ERRORS.tagNotFound);
    await this.tags.replace(tx, clientId, id, unique);
  }

  /** Replaces the files of one kind by `refs` (kept by key); returns the bytes freed. */
  async replaceFiles(tx: Tx, clientId: string, id: string, kind: FileKind, refs: FileRef[], field: string): Promise<number> {
    const cur = await this.files.ofKind(tx, id, kind);
    const keep = new Set(refs.map((f) => f.key));
    const have = new Set(cur.map((f) => f.key));
    const freed = await this.ft.remove(
      tx,
      cur.filter((f) => !keep.has(f.key)),
      KB_TEXT.deleteFile,
    );
    await this.ft.attach(
      tx,
      clientId,
      id,
      kind,
      refs.filter((f) => !have.has(f.key)),
      field,
    );
    return freed;
  }

  /** Checks a destination folder. Errors: 404, 'Parent must be a folder', 'Folder cannot move into itself', 403. */
  async checkParent(tx: Tx, r: Reader, parentId: string, section: string, movingId?: string): Promise<ArticleRow> {
    if (movingId && parentId === movingId) throw Errors.fieldCoded('parent', KB_ERRORS.folderIntoItself);
    const parent = await this.articles.byId(tx, parentId);
    if (!parent) throw Errors.notFound();
    if (parent.type !== 'folder') throw Errors.fieldCoded('parent', KB_ERRORS.parentNotFolder);
    if (parent.section !== section) throw Errors.fieldCoded('parent', KB_ERRORS.parentSection);
    if (movingId && (await this.articles.ancestors(tx, parentId)).some((a) => a.id === movingId)) throw Errors.fieldCoded('parent', KB_ERRORS.folderIntoItself);
    if (levelOn(r, parent) < 2) throw Errors.noAccess();
    return parent;
  }

  /** Adds an article event to the change's transaction (DESIGN §6 outbox): ids only, never the title. */
  addEvent(
    tx: Tx,
    verb: 'articleCreated' | 'articleUpdated' | 'articleDeleted',
    clientId: string,
    data: { _id: string; parent: string | null; section: string },
  ): Promise<string> {
    return this.outbox.add(tx, kbEvents[verb], clientId, data);
  }

  /**
   * The caller as the audit journal names them (issue 18 §2): id and full name as people knows it now. The name is
   * decoration of the journal entry, so it is null when people cannot say (unknown user or people unavailable): a
   * deletion never fails for it. Asked before the change's transaction. Errors: 403 without a client or user.
   */
  async actorOf(ctx: RequestContext): Promise<Actor> {
    const caller = requireCaller(ctx);
    const user = await this.people.user(caller.clientId, caller.userId).catch(() => null);
    return { id: caller.userId, name: user?.fullName ?? null };
  }

  /** 400 'Invalid id' on `receivers.<i>` naming no active employee of the caller's client (issue 38 §6). */
  async checkReceivers(ctx: RequestContext, ids: readonly string[] | undefined): Promise<void> {
    if (!ids?.length || !ctx.clientId) return;
    const found = await this.people.usersByIds(ctx.clientId, ids);
    const known = new Set([...found.values()].filter((u) => u.client_id === ctx.clientId).map((u) => u._id));
    const bad = ids.flatMap((id, i) => (known.has(id) ? [] : [`receivers.${i}`]));
    if (bad.length) throw Errors.unknownIds(bad);
  }

  /**
   * 400 'Invalid id' (code invalidId) on `grants.<i>.users.<j>` and a head grant's `grants.<i>.value` naming no active
   * employee of the caller's client (issue 38 §6): nothing is stored. Asked of people in chunks of its look-up's limit.
   */
  async checkGrants(ctx: RequestContext, grants: readonly Grant[] | undefined): Promise<void> {
    if (!grants?.length || !ctx.clientId) return;
    const named = [...new Set(grants.flatMap((g) => [...(g.target === 'head' && g.value ? [g.value] : []), ...(g.users ?? [])]))];
    if (!named.length) return;
    const known = new Set<string>();
    for (let i = 0; i < named.length; i += 1000) {
      for (const u of (await this.people.usersByIds(ctx.clientId, named.slice(i, i + 1000))).values()) if (u.client_id === ctx.clientId) known.add(u._id);
    }
    const bad = grants.flatMap((g, i) => [
      ...(g.target === 'head' && g.value && !known.has(g.value) ? [`grants.${i}.value`] : []),
      ...(g.users ?? []).flatMap((id, j) => (known.has(id) ? [] : [`grants.${i}.users.${j}`])),
    ]);
    if (bad.length) throw Errors.unknownIds(bad);
  }
}
