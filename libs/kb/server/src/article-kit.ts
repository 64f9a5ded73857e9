import { KB_TEXT, kbEvents, type FileRef } from '@intranet/kb-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { peopleLookupSubjects } from '@intranet/people-contract/lookup';
import type { Actor } from '@intranet/platform-audit';
import { ask, systemContext, type RequestContext } from '@intranet/platform-bus';
import type { Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { aclCacheFor, hasRight, levelOn, loadAcl, sectionRight, viewerFor, type Reader } from './access.ts';
import { fileTools, type FileTools } from './files.ts';
import { articleFilesRepository, articlesRepository as repo, articleTagsRepository, type ListRow } from './repository.ts';
import { plainText, sanitizeRichText, withSignedMedia } from './sanitize.ts';
import type { ArticleRow, FileKind, FileRow } from './schema.ts';
import { trigramSchema, type SearchRow } from './search.ts';

/** What the article handlers share (one per domain instance): the deps, file tools and the steps every route uses. */
export type ArticleKit = ReturnType<typeof makeArticleKit>;

/**
 * The shared steps of the kb article handlers (§7 Articles): running in the caller's tenant with their grant levels,
 * opening a node with an access check, presenting rows as §3 articles, sanitising content, tags, file replacement,
 * parent checks and outbox events. Throws if JWT_SECRET is missing (file URLs are signed with it).
 */
export function makeArticleKit(deps: DomainDeps) {
  const { db, bus, config, log, storage, outbox } = deps;
  const secret = config.JWT_SECRET;
  if (!secret) throw new Error('kb needs JWT_SECRET to sign file URLs');
  const ft: FileTools = fileTools({ storage, bus, secret, log });
  const aclCache = aclCacheFor(db);

  /** Resolves the viewer (outside any transaction), then runs `fn` in the caller's tenant with their grant levels. */
  async function run<T>(ctx: RequestContext, fn: (tx: Tx, r: Reader) => Promise<T>, asUser?: string): Promise<T> {
    const v = await viewerFor(db, bus, ctx, asUser);
    return db.inTenant(ctx, async (tx) => fn(tx, await loadAcl(tx, v, aclCache)));
  }

  /** The row and the reader's level. Errors: 404 (absent or another client), 403 'No access' (grants, feature right). */
  async function open(tx: Tx, r: Reader, id: string, need: 1 | 2 = 1): Promise<{ row: ArticleRow; level: number }> {
    const row = await repo.byId(tx, id);
    if (!row) throw Errors.notFound();
    const level = levelOn(r, row);
    if (!hasRight(r, sectionRight(row.section)) || level < need) throw Errors.noAccess();
    return { row, level };
  }

  /** Rows → §3 articles as answers give them (signed URLs, favourites, tags, the caller's level). */
  async function present(tx: Tx, r: Reader, rows: (ListRow | SearchRow)[], viewedId?: string) {
    const ids = rows.map((x) => x.id);
    const [fileRows, tagMap, favs, parents, viewed] = await Promise.all([
      repo.filesOf(tx, ids),
      repo.tagsOf(tx, ids),
      repo.favouritesOf(tx, r.userId, ids),
      repo.withChildren(tx, r, ids),
      viewedId ? repo.viewedBy(tx, r.userId, viewedId) : Promise.resolve(false),
    ]);
    const byArticle = new Map<string, FileRow[]>();
    for (const f of fileRows) {
      const list = byArticle.get(f.articleId);
      if (list) list.push(f);
      else byArticle.set(f.articleId, [f]);
    }
    return rows.map((row) => {
      const level = levelOn(r, row);
      const fs = byArticle.get(row.id) ?? [];
      const out = (f: FileRow) => ft.out(f, favs.has(`${row.id}:${f.id}`));
      const cover = fs.find((f) => f.kind === 'cover');
      const node = fs.find((f) => f.kind === 'node');
      const attachments = fs.filter((f) => f.kind === 'attachment');
      const media = new Set(attachments.map((f) => f.key));
      const s = row as Partial<SearchRow>;
      return {
        _id: row.id,
        client_id: row.clientId,
        type: row.type,
        section: row.section,
        title: row.title,
        content: row.content === undefined ? undefined : withSignedMedia(row.content ?? '', (k) => (media.has(k) ? ft.sign(k) : null)),
        cover: cover ? out(cover) : null,
        parent: row.parentId,
        order: row.sortOrder,
        url: node ? ft.sign(node.key) : null,
        thumb: node?.thumbKey ? ft.sign(node.thumbKey) : cover?.thumbKey ? ft.sign(cover.thumbKey) : null,
        file: node ? out(node) : null,
        files: fs.filter((f) => f.kind === 'file').map(out),
        attachments: attachments.map(out),
        views: row.views,
        viewed: viewedId === row.id ? viewed : false,
        grants: level >= 2 ? row.grants : [],
        access: (level >= 2 ? 'write' : 'read') as 'read' | 'write',
        tags: tagMap.get(row.id) ?? [],
        author: row.authorId,
        created: row.createdAt.toISOString(),
        updated: row.updatedAt.toISOString(),
        favourite: favs.has(row.id),
        hasChildren: parents.has(row.id),
        salaryFrom: row.salaryFrom,
        salaryTo: row.salaryTo,
        receivers: row.receivers,
        ...(s.snippet !== undefined ? { snippet: s.snippet, titleHighlight: s.titleHighlight, rank: s.rank } : {}),
      };
    });
  }

  /** One node as GET api/article/{id} answers it (content always present, null for file nodes). */
  const presentOne = async (tx: Tx, r: Reader, id: string) => {
    const row = (await repo.byId(tx, id))!;
    const [a] = await present(tx, r, [row], id);
    return { ...a, content: a.content ?? null };
  };

  /** Sanitised content and its plain text for the search vector. */
  const richText = (html: string | null | undefined) => {
    const content = sanitizeRichText(html);
    return { content, bodyText: plainText(content) };
  };

  /** Sets the article's tags to `ids` (tags of the client; others are refused as 'Tag not found'). */
  async function setTags(tx: Tx, clientId: string, id: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if ((await articleTagsRepository.countKnown(tx, unique)) !== unique.length) throw Errors.field('tags', 'Tag not found');
    await articleTagsRepository.replace(tx, clientId, id, unique);
  }

  /** Replaces the files of one kind by `refs` (kept by key); returns the bytes freed. */
  async function replaceFiles(tx: Tx, clientId: string, id: string, kind: FileKind, refs: FileRef[], field: string): Promise<number> {
    const cur = await articleFilesRepository.ofKind(tx, id, kind);
    const keep = new Set(refs.map((f) => f.key));
    const have = new Set(cur.map((f) => f.key));
    const freed = await ft.remove(
      tx,
      cur.filter((f) => !keep.has(f.key)),
      KB_TEXT.deleteFile,
    );
    await ft.attach(
      tx,
      clientId,
      id,
      kind,
      refs.filter((f) => !have.has(f.key)),
      field,
    );
    return freed;
  }

  /** Checks a destination folder. Errors: 404, 'Parent must be a folder', 'Folder cannot move into itself'. */
  async function checkParent(tx: Tx, r: Reader, parentId: string, section: string, movingId?: string): Promise<ArticleRow> {
    if (movingId && parentId === movingId) throw Errors.field('parent', KB_TEXT.folderIntoItself);
    const parent = await repo.byId(tx, parentId);
    if (!parent) throw Errors.notFound();
    if (parent.type !== 'folder') throw Errors.field('parent', KB_TEXT.parentNotFolder);
    if (parent.section !== section) throw Errors.field('parent', KB_TEXT.parentSection);
    if (movingId && (await repo.ancestors(tx, parentId)).some((a) => a.id === movingId)) throw Errors.field('parent', KB_TEXT.folderIntoItself);
    if (levelOn(r, parent) < 2) throw Errors.noAccess();
    return parent;
  }

  /** Adds an article event to the change's transaction (DESIGN §6 outbox): ids only, never the title. */
  const addEvent = (
    tx: Tx,
    verb: 'articleCreated' | 'articleUpdated' | 'articleDeleted',
    clientId: string,
    data: { _id: string; parent: string | null; section: string },
  ) => outbox.add(tx, kbEvents[verb], clientId, data);

  /**
   * The caller as the audit journal names them (issue 18 §2): id and full name as people knows it now (their own
   * record); the name is null when people cannot say. Asked before the change's transaction.
   */
  const actorOf = async (ctx: RequestContext): Promise<Actor> => {
    const id = ctx.userId ?? '';
    const user = await bus.request<User>(peopleRoutes.get.subject, { ctx, input: { params: { id } } }).catch(() => null);
    return { id, name: user?.fullName ?? null };
  };

  /** 400 'Invalid id' on `receivers.<i>` naming no active employee of the caller's client (issue 38 §6). */
  const checkReceivers = async (ctx: RequestContext, ids: readonly string[] | undefined) => {
    if (!ids?.length || !ctx.clientId) return;
    const found = await ask(bus, peopleLookupSubjects.usersByIds, systemContext(ctx.clientId), { ids: [...new Set(ids)] });
    const known = new Set(found.filter((u) => u.client_id === ctx.clientId).map((u) => u._id));
    const bad = ids.flatMap((id, i) => (known.has(id) ? [] : [`receivers.${i}`]));
    if (bad.length) throw Errors.unknownIds(bad);
  };

  /** 404 unless `client` is the caller's client. */
  const sameClient = (ctx: RequestContext, client: string) => {
    if (!ctx.clientId || client !== ctx.clientId) throw Errors.notFound();
  };

  return {
    db,
    outbox,
    ft,
    trgm: trigramSchema(db),
    run,
    open,
    present,
    presentOne,
    richText,
    setTags,
    replaceFiles,
    checkParent,
    addEvent,
    sameClient,
    checkReceivers,
    actorOf,
  };
}
