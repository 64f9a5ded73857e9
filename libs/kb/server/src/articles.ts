import type { FileAccessAnswer } from '@intranet/files-contract';
import { articleIssues, KB_TEXT, kbEvents, kbRoutes, type FileRef, type TreeNode } from '@intranet/kb-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { V } from '@intranet/platform-contracts';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { aclCacheFor, hasRight, levelOn, loadAcl, sectionRight, viewerFor, type Reader } from './access.ts';
import { fileTools, type FileTools } from './files.ts';
import { articlesRepository as repo, type ListRow } from './repository.ts';
import { plainText, sanitizeRichText, withSignedMedia } from './sanitize.ts';
import { articles, favourites, files, members, tagLinks, tags, vacancyResponses, views, type ArticleRow, type FileKind, type FileRow, type NewArticle } from './schema.ts';
import { searchArticles, trigramSchema, type SearchRow } from './search.ts';

type ArticleRoutes = Pick<
  typeof kbRoutes,
  | 'accessFor' | 'breadcrumbs' | 'fullTree' | 'child' | 'get' | 'create' | 'update' | 'deepDelete' | 'addFiles' | 'delFile' | 'delFiles'
  | 'emptyAsArticles' | 'order' | 'vacRespond' | 'responses' | 'view' | 'rights' | 'favourite'
>;

const LIST_DEFAULT = 500;

/** Articles, folders, file nodes and vacancies (§7 Articles, §5 Knowledge base and Vacancy, §6 Access grants). */
export function articleHandlers(deps: DomainDeps): RouteHandlers<ArticleRoutes> & {
  tools: FileTools;
  fileAccess: (input: { key: string }, ctx: RequestContext) => Promise<FileAccessAnswer>;
} {
  const { db, bus, config, log, storage, outbox } = deps;
  const secret = config.JWT_SECRET;
  if (!secret) throw new Error('kb needs JWT_SECRET to sign file URLs');
  const ft = fileTools({ storage, bus, secret, log });
  const trgm = trigramSchema(db);
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

  /** Tag ids of the client (others are refused as not found). */
  async function setTags(tx: Tx, clientId: string, id: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length) {
      const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, unique));
      if (found.length !== unique.length) throw Errors.field('tags', 'Tag not found');
    }
    await tx.delete(tagLinks).where(and(eq(tagLinks.model, 'article'), eq(tagLinks.itemId, id)));
    if (unique.length) await tx.insert(tagLinks).values(unique.map((tagId) => ({ tagId, clientId, model: 'article', itemId: id })));
  }

  /** Replaces the files of one kind by `refs` (kept by key); returns the bytes freed. */
  async function replaceFiles(tx: Tx, clientId: string, id: string, kind: FileKind, refs: FileRef[], field: string): Promise<number> {
    const cur = await tx.select().from(files).where(and(eq(files.articleId, id), eq(files.kind, kind)));
    const keep = new Set(refs.map((f) => f.key));
    const have = new Set(cur.map((f) => f.key));
    const freed = await ft.remove(tx, cur.filter((f) => !keep.has(f.key)), KB_TEXT.deleteFile);
    await ft.attach(tx, clientId, id, kind, refs.filter((f) => !have.has(f.key)), field);
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
  const addEvent = (tx: Tx, verb: 'articleCreated' | 'articleUpdated' | 'articleDeleted', clientId: string, data: { _id: string; parent: string | null; section: string }) =>
    outbox.add(tx, kbEvents[verb], clientId, data);

  const sameClient = (ctx: RequestContext, client: string) => {
    if (!ctx.clientId || client !== ctx.clientId) throw Errors.notFound();
  };

  return {
    tools: ft,

    /**
     * kbSubjects.fileAccess {key} → {known, allowed}: asked by the gateway on every download of a kb or cv key, so
     * the grants in force now decide (§6). A key of an article, folder or file node: readers of that node with the
     * section's feature right. A CV: administrators, the vacancy's receivers and the responder. Keys kb does not
     * hold: known false (the gateway then serves only the uploader).
     */
    fileAccess: async ({ key }, ctx) => {
      if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
      return run(ctx, async (tx, r) => {
        // A thumbnail sits beside its file (`<key>.thumb.webp`): look both up by the unique key index.
        const base = key.endsWith('.thumb.webp') ? key.slice(0, -'.thumb.webp'.length) : key;
        const f = (await tx.select().from(files).where(inArray(files.key, [...new Set([key, base])]))).find((x) => x.key === key || x.thumbKey === key);
        if (!f) return { known: false, allowed: false };
        const row = await repo.byId(tx, f.articleId);
        if (!row) return { known: true, allowed: false };
        if (f.kind === 'cv') {
          if (r.admin || row.receivers.includes(r.userId)) return { known: true, allowed: true };
          const [resp] = f.responseId ? await tx.select({ userId: vacancyResponses.userId }).from(vacancyResponses).where(eq(vacancyResponses.id, f.responseId)) : [];
          return { known: true, allowed: resp?.userId === r.userId };
        }
        return { known: true, allowed: hasRight(r, sectionRight(row.section)) && levelOn(r, row) >= 1 };
      });
    },

    /**
     * §7 GET api/user/{client}/articles/access_for/{user}: what {user} may read (an administrator may ask for anyone;
     * others only for themselves). With `search`: ranked full-text hits with snippets; with `favourites`: the
     * user's favourites; with `tags`: tagged items anywhere; with `parent`: that folder's children; else the root.
     * `section=vacancy` lists vacancies. `full` adds contents; `fields` keeps only the named fields.
     * Errors: 404 (other client, unknown user), 403 'No access' (someone else's view, feature right, denied parent).
     */
    accessFor: async ({ params, query }, ctx) => {
      sameClient(ctx, params.client);
      const section = query.section ?? 'kb';
      const trgmSchema = query.search ? await trgm() : null;
      const items = await run(
        ctx,
        async (tx, r) => {
          if (!hasRight(r, sectionRight(section))) throw Errors.noAccess();
          const tagFilter = query.tags?.length
            ? sql`EXISTS (SELECT 1 FROM kb.tag_links tl WHERE tl.model = 'article' AND tl.item_id = ${sql.raw('a.id')} AND tl.tag_id = ANY(${`{${query.tags.join(',')}}`}::uuid[]))`
            : undefined;
          if (query.parent) await open(tx, r, query.parent);
          const limit = Math.min(query.limit ?? LIST_DEFAULT, 1000);
          const offset = query.offset ?? 0;
          if (query.search?.trim()) {
            const hits = await searchArticles(tx, r, query.search, { section, tagFilter, parent: query.parent, limit: Math.min(query.limit ?? 50, 200), offset, trgm: trgmSchema });
            return present(tx, r, hits);
          }
          const where = and(
            eq(articles.section, section),
            query.favourites
              ? sql`EXISTS (SELECT 1 FROM kb.favourites f WHERE f.article_id = ${articles.id} AND f.user_id = ${r.userId} AND f.file_id = '')`
              : query.parent
                ? eq(articles.parentId, query.parent)
                : query.tags?.length
                  ? undefined
                  : isNull(articles.parentId),
            tagFilter ? sql`EXISTS (SELECT 1 FROM kb.tag_links tl WHERE tl.model = 'article' AND tl.item_id = ${articles.id} AND tl.tag_id = ANY(${`{${query.tags!.join(',')}}`}::uuid[]))` : undefined,
          );
          return present(tx, r, await repo.list(tx, r, where, { full: query.full, limit, offset }));
        },
        params.user,
      );
      if (!query.fields?.length) return items;
      const keep = new Set(['_id', ...query.fields]);
      return items.map((a) => Object.fromEntries(Object.entries(a).filter(([k]) => keep.has(k))) as typeof a);
    },

    /**
     * §7 GET api/article/breadcrumbs/{id}: the path from the root. Ancestors the caller may not read give neither id
     * nor title: each run of them collapses into one `{ _id: null, title: null, access: false }` step.
     * Errors: 404, 403 'No access' on the article itself.
     */
    breadcrumbs: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        await open(tx, r, params.id);
        const out: { _id: string | null; title: string | null; type: ArticleRow['type']; access: boolean }[] = [];
        for (const a of await repo.ancestors(tx, params.id)) {
          if (levelOn(r, a) >= 1) out.push({ _id: a.id, title: a.title, type: a.type, access: true });
          else if (out.at(-1)?.access !== false) out.push({ _id: null, title: null, type: 'folder', access: false });
        }
        return out;
      }),

    /**
     * §7 GET api/article/full_tree/{id}: the readable tree under folder {id}, or the client's whole tree when {id}
     * is the client id (`section`, default kb; `folders=1` for folders only). Siblings come in their order; nodes
     * are slim (see TreeNode). A node the caller may not read is left out with everything under it.
     * Errors: 404, 403 'No access'.
     */
    fullTree: async ({ params, query }, ctx) =>
      run(ctx, async (tx, r) => {
        let root: string | null = null;
        let section = query.section ?? 'kb';
        if (params.id !== ctx.clientId) {
          const { row } = await open(tx, r, params.id);
          root = row.id;
          section = row.section;
        } else if (!hasRight(r, sectionRight(section))) throw Errors.noAccess();
        const rows = await repo.treeRows(tx, r, section, !!query.folders);
        const favs = new Set(
          (await tx.select({ id: favourites.articleId }).from(favourites).where(and(eq(favourites.userId, r.userId), eq(favourites.fileId, '')))).map((f) => f.id),
        );
        const kids = new Map<string | null, typeof rows>();
        for (const row of rows) {
          const list = kids.get(row.parentId);
          if (list) list.push(row);
          else kids.set(row.parentId, [row]);
        }
        const build = (parent: string | null, depth: number): TreeNode[] =>
          depth > 200
            ? []
            : (kids.get(parent) ?? []).map((n) => {
                const node: TreeNode = { _id: n.id, title: n.title, type: n.type };
                if (favs.has(n.id)) node.favourite = true;
                if (n.aclId !== null) node.restricted = true;
                const children = build(n.id, depth + 1);
                if (children.length) node.children = children;
                return node;
              });
        return build(root, 0);
      }),

    /** §7 GET api/article/child/{id}: readable children of a folder. Errors: 404, 403 'No access'. */
    child: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id);
        return present(tx, r, await repo.list(tx, r, and(eq(articles.parentId, row.id)), { limit: 1000, offset: 0 }));
      }),

    /** §7 GET api/article/{id}: one node with its content and signed file URLs. Errors: 404, 403 'No access'. */
    get: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        await open(tx, r, params.id);
        return presentOne(tx, r, params.id);
      }),

    /**
     * §7 POST api/article: creates an article, folder, file node or vacancy. At the root only administrators
     * create; inside a folder, whoever may write it. Content is sanitised. Errors: §5 'Field is required' (title,
     * content, section; vacancy salary and receivers), 'Parent must be a folder', 404 parent, 403 'No access',
     * file errors of add_files.
     */
    create: async ({ body: input }, ctx) => {
      const body = { ...input, type: input.type ?? 'article', section: input.section!, title: input.title! };
      const created = await run(ctx, async (tx, r) => {
        if (!hasRight(r, sectionRight(body.section))) throw Errors.noAccess();
        const parent = body.parent ? await checkParent(tx, r, body.parent, body.section) : null;
        if (!parent && !r.admin) throw Errors.noAccess();
        const id = uuidv7();
        const grants = body.grants ?? [];
        const text = body.type === 'file' ? { content: null, bodyText: '' } : richText(body.content);
        const vacancy = body.section === 'vacancy';
        await repo.insert(tx, {
          id,
          clientId: r.clientId,
          type: body.type,
          section: body.section,
          parentId: parent?.id ?? null,
          title: body.title,
          ...text,
          sortOrder: await repo.nextOrder(tx, r.clientId, body.section, parent?.id ?? null),
          grants,
          aclId: grants.length ? id : (parent?.aclId ?? null),
          authorId: r.userId,
          salaryFrom: vacancy ? (body.salaryFrom ?? null) : null,
          salaryTo: vacancy ? (body.salaryTo ?? null) : null,
          receivers: vacancy ? [...new Set(body.receivers ?? [])] : [],
        });
        if (body.cover) await ft.attach(tx, r.clientId, id, 'cover', [body.cover], 'cover');
        if (body.file) await ft.attach(tx, r.clientId, id, 'node', [body.file], 'file');
        if (body.attachments?.length) await ft.attach(tx, r.clientId, id, 'attachment', body.attachments, 'attachments');
        if (body.files?.length) {
          if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
          await ft.attach(tx, r.clientId, id, 'file', body.files, 'files');
        }
        if (body.file || body.files?.length) await repo.refreshFileNames(tx, id);
        if (body.tags?.length) await setTags(tx, r.clientId, id, body.tags);
        const out = await presentOne(tx, r, id);
        await addEvent(tx, 'articleCreated', out.client_id, { _id: out._id, parent: out.parent, section: out.section });
        return out;
      });
      return created;
    },

    /**
     * §7 PUT api/article/{id}: edits, moves (a new parent: §5 'Folder cannot move into itself' for itself or its
     * descendants), re-files or re-tags a node; writers and administrators only. Files left out of `cover`,
     * `file`, `attachments` or `files` are deleted and their storage freed. Errors: §5 field texts, 404, 403.
     */
    update: async ({ params, body }, ctx) => {
      let freed = 0;
      const updated = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        const section = body.section ?? row.section;
        if (section !== row.section && !hasRight(r, sectionRight(section))) throw Errors.noAccess();
        const type = body.type ?? row.type;
        const patch: Partial<NewArticle> = {};
        if (body.title !== undefined) patch.title = body.title;
        if (body.title !== undefined && !body.title) throw Errors.field('title', V.required);
        if (body.type !== undefined) patch.type = body.type;
        if (body.section !== undefined) patch.section = body.section;
        if (body.content !== undefined) Object.assign(patch, richText(body.content));
        if (body.salaryFrom !== undefined) patch.salaryFrom = body.salaryFrom;
        if (body.salaryTo !== undefined) patch.salaryTo = body.salaryTo;
        if (body.receivers !== undefined) patch.receivers = [...new Set(body.receivers)];
        const curFile = body.file === undefined ? (await tx.select({ id: files.id }).from(files).where(and(eq(files.articleId, row.id), eq(files.kind, 'node')))).length > 0 : !!body.file;
        const issues = articleIssues({
          type,
          section,
          title: patch.title ?? row.title,
          content: patch.content !== undefined ? patch.content : row.content,
          file: curFile || undefined,
          salaryFrom: patch.salaryFrom !== undefined ? patch.salaryFrom : row.salaryFrom,
          salaryTo: patch.salaryTo !== undefined ? patch.salaryTo : row.salaryTo,
          receivers: patch.receivers ?? row.receivers,
        });
        if (issues.length) throw Errors.validation(issues);
        let moved = false;
        if (body.parent !== undefined && body.parent !== row.parentId) {
          if (body.parent) await checkParent(tx, r, body.parent, section, row.id);
          else if (!r.admin) throw Errors.noAccess();
          patch.parentId = body.parent;
          patch.sortOrder = await repo.nextOrder(tx, r.clientId, section, body.parent);
          moved = true;
        } else if (section !== row.section && row.parentId) {
          const parent = await repo.byId(tx, row.parentId);
          if (parent && parent.section !== section) throw Errors.field('parent', KB_TEXT.parentSection);
        }
        if (body.grants !== undefined) patch.grants = body.grants;
        await repo.update(tx, row.id, patch);
        if (moved || body.grants !== undefined) await repo.propagateAcl(tx, row.id);
        if (body.cover !== undefined) freed += await replaceFiles(tx, r.clientId, row.id, 'cover', body.cover ? [body.cover] : [], 'cover');
        if (body.file !== undefined) freed += await replaceFiles(tx, r.clientId, row.id, 'node', body.file ? [body.file] : [], 'file');
        if (body.attachments !== undefined) freed += await replaceFiles(tx, r.clientId, row.id, 'attachment', body.attachments, 'attachments');
        if (body.files !== undefined) {
          if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
          freed += await replaceFiles(tx, r.clientId, row.id, 'file', body.files, 'files');
        }
        if (body.file !== undefined || body.files !== undefined) await repo.refreshFileNames(tx, row.id);
        if (body.tags !== undefined) await setTags(tx, r.clientId, row.id, body.tags);
        const out = await presentOne(tx, r, row.id);
        await addEvent(tx, 'articleUpdated', out.client_id, { _id: out._id, parent: out.parent, section: out.section });
        return out;
      });
      await ft.release(updated.client_id, freed);
      return updated;
    },

    /**
     * §7 DELETE api/article/deep/{id}: deletes the node with everything under it (writers of every node, or
     * administrators) and frees its files' storage. Errors: 404, 403, 500 'Error on deleting files from db'.
     */
    deepDelete: async ({ params }, ctx) => {
      const out = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        const ids = await repo.subtreeIds(tx, row.id);
        if (!r.admin) {
          const nodes = await tx.select({ aclId: articles.aclId }).from(articles).where(inArray(articles.id, ids));
          if (nodes.some((n) => levelOn(r, n) < 2)) throw Errors.noAccess();
        }
        const fileRows = await tx.select().from(files).where(inArray(files.articleId, ids));
        const bytes = await ft.remove(tx, fileRows, KB_TEXT.deleteFiles);
        await tx.delete(tagLinks).where(and(eq(tagLinks.model, 'article'), inArray(tagLinks.itemId, ids)));
        await tx.delete(articles).where(eq(articles.id, row.id));
        await addEvent(tx, 'articleDeleted', row.clientId, { _id: row.id, parent: row.parentId, section: row.section });
        return { row, result: { deleted: ids.length, files: fileRows.length, bytes } };
      });
      await ft.release(out.row.clientId, out.result.bytes);
      return out.result;
    },

    /**
     * §7 PUT api/article/{id}/add_files {files}: attaches uploaded files (writers with the kb_files right, or
     * administrators). Output: the article's files. Errors: 403 'No access' (also for another client's key), 400
     * 'The file was not found or was deleted', 409 'This file is already attached'.
     */
    addFiles: async ({ params, body }, ctx) =>
      run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
        await ft.attach(tx, r.clientId, row.id, 'file', body.files, 'files');
        await repo.refreshFileNames(tx, row.id);
        return (await presentOne(tx, r, row.id)).files;
      }),

    /** §7 PUT api/article/{id}/del_file/{file}: deletes one attached file. Errors: 404, 403, 500 'Error on deleting file'. */
    delFile: async ({ params }, ctx) => {
      const out = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        const rows = await tx.select().from(files).where(and(eq(files.id, params.file), eq(files.articleId, row.id), eq(files.kind, 'file')));
        if (!rows.length) throw Errors.notFound();
        const bytes = await ft.remove(tx, rows, KB_TEXT.deleteFile);
        await repo.refreshFileNames(tx, row.id);
        return { clientId: row.clientId, bytes, files: (await presentOne(tx, r, row.id)).files };
      });
      await ft.release(out.clientId, out.bytes);
      return out.files;
    },

    /**
     * §7 PUT api/article/{id}/del_files {files?}: deletes the listed attached files, or all of them.
     * Errors: 404, 403, 500 'Error on deleting files from db'.
     */
    delFiles: async ({ params, body }, ctx) => {
      const out = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        const rows = await tx
          .select()
          .from(files)
          .where(and(eq(files.articleId, row.id), eq(files.kind, 'file'), body.files ? inArray(files.id, body.files.length ? body.files : [row.id]) : undefined));
        const bytes = await ft.remove(tx, rows, KB_TEXT.deleteFiles);
        await repo.refreshFileNames(tx, row.id);
        return { clientId: row.clientId, bytes, files: (await presentOne(tx, r, row.id)).files };
      });
      await ft.release(out.clientId, out.bytes);
      return out.files;
    },

    /**
     * §7 PUT api/article/empty_as_articles/{client}: folders holding nothing become articles (administrators). §5: an
     * article needs content, so only empty folders that carry content convert; the others stay folders and are
     * counted as `skipped`. Output: { updated, skipped }.
     */
    emptyAsArticles: async ({ params }, ctx) => {
      sameClient(ctx, params.client);
      return db.inTenant(ctx, async (tx) => {
        const empty = await tx
          .select({ id: articles.id, content: articles.content })
          .from(articles)
          .where(and(eq(articles.clientId, params.client), eq(articles.type, 'folder'), sql`NOT EXISTS (SELECT 1 FROM kb.articles c WHERE c.parent_id = ${articles.id})`));
        const ok = empty.filter((f) => !articleIssues({ type: 'article', section: 'kb', title: 'x', content: f.content }).some((i) => i.field === 'content'));
        if (ok.length) await tx.update(articles).set({ type: 'article', updatedAt: new Date() }).where(inArray(articles.id, ok.map((f) => f.id)));
        return { updated: ok.length, skipped: empty.length - ok.length };
      });
    },

    /**
     * §7 PUT api/article/{client}/order/{from}/{to}: swaps the order values of two siblings (§4: same parent and
     * section). Errors: 404, 403, 400 'Only items of the same folder can swap places'.
     */
    order: async ({ params }, ctx) => {
      sameClient(ctx, params.client);
      return run(ctx, async (tx, r) => {
        const a = (await open(tx, r, params.from, 2)).row;
        const b = (await open(tx, r, params.to, 2)).row;
        if (a.parentId !== b.parentId || a.section !== b.section) throw Errors.field('to', KB_TEXT.notSiblings);
        await repo.update(tx, a.id, { sortOrder: b.sortOrder });
        await repo.update(tx, b.id, { sortOrder: a.sortOrder });
        return [
          { _id: a.id, order: b.sortOrder },
          { _id: b.id, order: a.sortOrder },
        ];
      });
    },

    /**
     * §7 POST api/article/vac_respond {article, message?, contacts?, cv?}: stores a response to a vacancy the caller
     * may read and publishes evt.kb.vacancy.responded to its receivers and its owner (author). §5: the response
     * needs a message, contacts or a CV; one response per person. Errors: 400 'Write a message, leave contacts or
     * attach a CV', 404, 'This is not a vacancy', 403, 409 'You have already responded to this vacancy'.
     */
    vacRespond: async ({ body }, ctx) => {
      const message = body.message?.trim() || null;
      const contacts = body.contacts?.trim() || null;
      if (!message && !contacts && !body.cv) throw Errors.field('message', KB_TEXT.responseEmpty);
      const out = await run(ctx, async (tx, r) => {
        const row = await repo.byId(tx, body.article);
        if (!row) throw Errors.notFound();
        if (row.section !== 'vacancy' || row.type === 'folder') throw Errors.field('article', KB_TEXT.notVacancy);
        await open(tx, r, row.id);
        const id = uuidv7();
        // The unique index (article, user) refuses a second response, also from two requests at once.
        const [resp] = await tx
          .insert(vacancyResponses)
          .values({ id, clientId: r.clientId, articleId: row.id, userId: r.userId, message, contacts })
          .onConflictDoNothing({ target: [vacancyResponses.articleId, vacancyResponses.userId] })
          .returning();
        if (!resp) throw Errors.conflict('article', KB_TEXT.alreadyResponded);
        const [cv] = body.cv ? await ft.attach(tx, r.clientId, row.id, 'cv', [body.cv], 'cv', id) : [];
        const [me] = await tx.select({ name: members.fullName }).from(members).where(eq(members.id, r.userId));
        const owner = row.authorId ?? null;
        await outbox.add(tx, kbEvents.vacancyResponded, row.clientId, {
          vacancyId: row.id,
          title: row.title,
          responseId: resp.id,
          userId: resp.userId,
          userName: me?.name ?? null,
          receivers: row.receivers,
          ownerId: owner,
          userIds: [...new Set([...row.receivers, ...(owner ? [owner] : [])])],
          cvKey: cv?.key ?? null,
        });
        return { row, resp, cv };
      });
      return {
        _id: out.resp.id,
        article: out.row.id,
        user: out.resp.userId,
        message: out.resp.message,
        contacts: out.resp.contacts,
        cv: out.cv ? ft.out(out.cv) : null,
        created: out.resp.createdAt.toISOString(),
      };
    },

    /**
     * GET api/article/{id}/responses (addition to §7): the responses to a vacancy, newest first, each with the
     * responder's name and a signed CV link — for administrators and the vacancy's response receivers only.
     * Errors: 404 (absent, another client), 400 'This is not a vacancy', 403 'No access'.
     */
    responses: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        const row = await repo.byId(tx, params.id);
        if (!row) throw Errors.notFound();
        if (row.section !== 'vacancy' || row.type === 'folder') throw Errors.field('id', KB_TEXT.notVacancy);
        if (!r.admin && !row.receivers.includes(r.userId)) throw Errors.noAccess();
        const list = await tx
          .select({ resp: vacancyResponses, name: members.fullName })
          .from(vacancyResponses)
          .leftJoin(members, eq(members.id, vacancyResponses.userId))
          .where(eq(vacancyResponses.articleId, row.id))
          .orderBy(desc(vacancyResponses.createdAt), desc(vacancyResponses.id));
        const cvs = list.length ? await tx.select().from(files).where(and(eq(files.articleId, row.id), eq(files.kind, 'cv'))) : [];
        const cvOf = new Map(cvs.map((f) => [f.responseId, f]));
        return list.map(({ resp, name }) => {
          const cv = cvOf.get(resp.id);
          return {
            _id: resp.id,
            article: row.id,
            user: resp.userId,
            userName: name ?? null,
            message: resp.message,
            contacts: resp.contacts,
            cv: cv ? ft.out(cv) : null,
            created: resp.createdAt.toISOString(),
          };
        });
      }),

    /** §7 PUT api/article/{id}/view/{user}: counts the caller's view once. Errors: 403 (someone else, grants), 404. */
    view: async ({ params }, ctx) => {
      if (params.user !== ctx.userId) throw Errors.noAccess();
      return run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id);
        const added = await tx.insert(views).values({ articleId: row.id, userId: r.userId, clientId: r.clientId }).onConflictDoNothing().returning();
        if (!added.length) return { views: row.views, viewed: true };
        const [u] = await tx.update(articles).set({ views: sql`${articles.views} + 1` }).where(eq(articles.id, row.id)).returning({ views: articles.views });
        return { views: u.views, viewed: true };
      });
    },

    /**
     * §7 PUT api/article/{id}/rights {grants}: sets the node's own grants (§6); an empty list inherits from the
     * nearest folder with grants (or opens it to all). Writers and administrators. Errors: 404, 403, field errors.
     */
    rights: async ({ params, body }, ctx) => {
      const out = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        await repo.update(tx, row.id, { grants: body.grants });
        await repo.propagateAcl(tx, row.id);
        const one = await presentOne(tx, r, row.id);
        await addEvent(tx, 'articleUpdated', one.client_id, { _id: one._id, parent: one.parent, section: one.section });
        return one;
      });
      return out;
    },

    /**
     * PUT api/article/{id}/favourite {file?, favourite?} (addition to §7): marks or unmarks a favourite node or
     * attached file for the caller (toggles when `favourite` is absent). Errors: 404, 403.
     */
    favourite: async ({ params, body }, ctx) =>
      run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id);
        const fileId = body.file ?? '';
        if (body.file) {
          const f = await tx.select({ id: files.id }).from(files).where(and(eq(files.id, body.file), eq(files.articleId, row.id), inArray(files.kind, ['file', 'node'])));
          if (!f.length) throw Errors.notFound();
        }
        const where = and(eq(favourites.userId, r.userId), eq(favourites.articleId, row.id), eq(favourites.fileId, fileId));
        const has = (await tx.select({ a: favourites.articleId }).from(favourites).where(where)).length > 0;
        const want = body.favourite ?? !has;
        if (want && !has) await tx.insert(favourites).values({ userId: r.userId, clientId: r.clientId, articleId: row.id, fileId }).onConflictDoNothing();
        if (!want && has) await tx.delete(favourites).where(where);
        return { favourite: want };
      }),
  };
}
