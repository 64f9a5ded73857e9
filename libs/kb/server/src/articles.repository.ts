import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import type { Reader } from './access.ts';
import { canReadSql } from './grants.repository.ts';
import { articles, favourites, files, tagLinks, tags, views, type ArticleRow, type FileRow, type NewArticle } from './schema.ts';

/** Columns of a list row: everything but the heavy text unless asked. */
const light = {
  id: articles.id,
  clientId: articles.clientId,
  type: articles.type,
  section: articles.section,
  parentId: articles.parentId,
  title: articles.title,
  sortOrder: articles.sortOrder,
  grants: articles.grants,
  aclId: articles.aclId,
  authorId: articles.authorId,
  views: articles.views,
  salaryFrom: articles.salaryFrom,
  salaryTo: articles.salaryTo,
  receivers: articles.receivers,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

export type ListRow = Omit<ArticleRow, 'content' | 'bodyText' | 'fileNames' | 'search'> & { content?: string | null };

/** Nodes (their id column `id`) tagged with one of `tagIds`; undefined (no filter) for none. */
export const taggedWith = (id: SQL, tagIds: string[] | undefined): SQL | undefined =>
  tagIds?.length
    ? sql`EXISTS (SELECT 1 FROM kb.tag_links tl WHERE tl.model = 'article' AND tl.item_id = ${id} AND tl.tag_id = ANY(${`{${tagIds.join(',')}}`}::uuid[]))`
    : undefined;

/** SQL of the kb articles (the tree of folders, articles, file nodes and vacancies). Every method runs inside a transaction opened by Database.inTenant. */
@Injectable()
export class ArticlesRepository {
  /** One node by id (of the transaction's client). */
  async byId(tx: Tx, id: string): Promise<ArticleRow | undefined> {
    const [row] = await tx.select().from(articles).where(eq(articles.id, id)).limit(1);
    return row;
  }

  /** Next order value among the siblings of `parentId`. */
  async nextOrder(tx: Tx, clientId: string, section: string, parentId: string | null): Promise<number> {
    const [r] = await tx
      .select({ n: sql<number>`coalesce(max(${articles.sortOrder}), 0) + 1` })
      .from(articles)
      .where(
        and(eq(articles.clientId, clientId), eq(articles.section, section as 'kb'), parentId ? eq(articles.parentId, parentId) : isNull(articles.parentId)),
      );
    return Number(r.n);
  }

  async insert(tx: Tx, row: NewArticle): Promise<ArticleRow> {
    const [saved] = await tx.insert(articles).values(row).returning();
    return saved;
  }

  async update(tx: Tx, id: string, patch: Partial<NewArticle>): Promise<ArticleRow | undefined> {
    const [row] = await tx
      .update(articles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning();
    return row;
  }

  /** Ids from the root down to `id` (inclusive). */
  async ancestors(tx: Tx, id: string): Promise<ListRow[]> {
    const res = await queryRows<{ id: string; depth: number }>(
      tx,
      sql`
      WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT id, parent_id, 0 FROM kb.articles WHERE id = ${id}
        UNION ALL SELECT a.id, a.parent_id, up.depth + 1 FROM kb.articles a JOIN up ON a.id = up.parent_id WHERE up.depth < 1000
      ) SELECT id, depth FROM up`,
    );
    const order = new Map(res.map((r) => [r.id, Number(r.depth)]));
    if (!order.size) return [];
    const rows = await tx
      .select(light)
      .from(articles)
      .where(inArray(articles.id, [...order.keys()]));
    return (rows as ListRow[]).sort((a, b) => order.get(b.id)! - order.get(a.id)!);
  }

  /** Ids of `id` and everything under it. */
  async subtreeIds(tx: Tx, id: string): Promise<string[]> {
    const res = await queryRows<{ id: string }>(
      tx,
      sql`
      WITH RECURSIVE down(id) AS (
        SELECT id FROM kb.articles WHERE id = ${id}
        UNION ALL SELECT a.id FROM kb.articles a JOIN down ON a.parent_id = down.id
      ) SELECT id FROM down`,
    );
    return res.map((r) => r.id);
  }

  /**
   * Re-derives `acl_id` under `id` (inclusive) after its grants or parent changed: each node takes itself when it
   * has grants, else its parent's acl.
   */
  async propagateAcl(tx: Tx, id: string): Promise<void> {
    await tx.execute(sql`
      WITH RECURSIVE t(id, acl) AS (
        SELECT n.id, CASE WHEN jsonb_array_length(n.grants) > 0 THEN n.id ELSE p.acl_id END
        FROM kb.articles n LEFT JOIN kb.articles p ON p.id = n.parent_id WHERE n.id = ${id}
        UNION ALL
        SELECT c.id, CASE WHEN jsonb_array_length(c.grants) > 0 THEN c.id ELSE t.acl END
        FROM kb.articles c JOIN t ON c.parent_id = t.id
      )
      UPDATE kb.articles a SET acl_id = t.acl FROM t WHERE a.id = t.id AND a.acl_id IS DISTINCT FROM t.acl`);
  }

  /**
   * A page of readable rows matching `where`, ordered by tree order. `full` adds the content.
   */
  private async list(tx: Tx, r: Reader, where: SQL | undefined, opts: { full?: boolean; limit: number; offset: number }): Promise<ListRow[]> {
    const cols = opts.full ? { ...light, content: articles.content } : light;
    const rows = await tx
      .select(cols)
      .from(articles)
      .where(and(eq(articles.clientId, r.clientId), where, canReadSql(r)))
      .orderBy(asc(articles.sortOrder), asc(articles.createdAt), asc(articles.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return rows as ListRow[];
  }

  /**
   * A page of an access_for list (§7) in `section`: the user's favourite nodes, else the children of `parent`,
   * else (with no tags) the root; with `tags`, only nodes tagged with one of them (anywhere when no parent).
   */
  accessForList(
    tx: Tx,
    r: Reader,
    section: string,
    q: { favouritesOf?: string; parent?: string; tags?: string[] },
    opts: { full?: boolean; limit: number; offset: number },
  ): Promise<ListRow[]> {
    const where = and(
      eq(articles.section, section as 'kb'),
      q.favouritesOf
        ? sql`EXISTS (SELECT 1 FROM kb.favourites f WHERE f.article_id = ${articles.id} AND f.user_id = ${q.favouritesOf} AND f.file_id = '')`
        : q.parent
          ? eq(articles.parentId, q.parent)
          : q.tags?.length
            ? undefined
            : isNull(articles.parentId),
      taggedWith(sql`${articles.id}`, q.tags),
    );
    return this.list(tx, r, where, opts);
  }

  /** The readable children of a folder (any section), at most 1,000, in tree order. */
  children(tx: Tx, r: Reader, id: string): Promise<ListRow[]> {
    return this.list(tx, r, eq(articles.parentId, id), { limit: 1000, offset: 0 });
  }

  /** Light rows of the readable tree (all nodes of a section, or only folders), in sibling order. */
  async treeRows(tx: Tx, r: Reader, section: string | undefined, foldersOnly: boolean) {
    return tx
      .select({ id: articles.id, title: articles.title, type: articles.type, parentId: articles.parentId, aclId: articles.aclId })
      .from(articles)
      .where(
        and(
          eq(articles.clientId, r.clientId),
          section ? eq(articles.section, section as 'kb') : undefined,
          foldersOnly ? eq(articles.type, 'folder') : undefined,
          canReadSql(r),
        ),
      )
      .orderBy(asc(articles.sortOrder), asc(articles.createdAt), asc(articles.id));
  }

  /** Which of `ids` have a child the reader may read. */
  async withChildren(tx: Tx, r: Reader, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .selectDistinct({ id: articles.parentId })
      .from(articles)
      .where(and(inArray(articles.parentId, ids), canReadSql(r)));
    return new Set(rows.map((x) => x.id!));
  }

  filesOf(tx: Tx, ids: string[]): Promise<FileRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return tx
      .select()
      .from(files)
      .where(and(inArray(files.articleId, ids), sql`${files.kind} <> 'cv'`))
      .orderBy(asc(files.createdAt), asc(files.id));
  }

  async tagsOf(tx: Tx, ids: string[]): Promise<Map<string, { _id: string; name: string; color: string | null }[]>> {
    const out = new Map<string, { _id: string; name: string; color: string | null }[]>();
    if (!ids.length) return out;
    const rows = await tx
      .select({ item: tagLinks.itemId, id: tags.id, name: tags.name, color: tags.color })
      .from(tagLinks)
      .innerJoin(tags, eq(tags.id, tagLinks.tagId))
      .where(and(eq(tagLinks.model, 'article'), inArray(tagLinks.itemId, ids)))
      .orderBy(asc(tags.name));
    for (const t of rows) {
      const l = out.get(t.item) ?? [];
      l.push({ _id: t.id, name: t.name, color: t.color });
      out.set(t.item, l);
    }
    return out;
  }

  /** The user's favourite marks among `ids`: `<article>` for a node, `<article>:<file>` for a file. */
  async favouritesOf(tx: Tx, userId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ a: favourites.articleId, f: favourites.fileId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), inArray(favourites.articleId, ids)));
    return new Set(rows.map((x) => (x.f ? `${x.a}:${x.f}` : x.a)));
  }

  async viewedBy(tx: Tx, userId: string, id: string): Promise<boolean> {
    const rows = await tx
      .select({ a: views.articleId })
      .from(views)
      .where(and(eq(views.articleId, id), eq(views.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Access columns of the given nodes (a subtree's write check). */
  aclOf(tx: Tx, ids: string[]): Promise<{ aclId: string | null }[]> {
    if (!ids.length) return Promise.resolve([]);
    return tx.select({ aclId: articles.aclId }).from(articles).where(inArray(articles.id, ids));
  }

  /** Deletes the node; its subtree, files, favourites and views go with it (FK cascade). */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(articles).where(eq(articles.id, id));
  }

  /** The client's folders that hold nothing, with their content. */
  emptyFolders(tx: Tx, clientId: string): Promise<{ id: string; content: string | null }[]> {
    return tx
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(
        and(eq(articles.clientId, clientId), eq(articles.type, 'folder'), sql`NOT EXISTS (SELECT 1 FROM kb.articles c WHERE c.parent_id = ${articles.id})`),
      );
  }

  /** Turns the given folders into articles. */
  async makeArticles(tx: Tx, ids: string[]): Promise<void> {
    if (ids.length) await tx.update(articles).set({ type: 'article', updatedAt: new Date() }).where(inArray(articles.id, ids));
  }

  /** Recomputes the searchable file names of an article from its files. */
  async refreshFileNames(tx: Tx, id: string): Promise<void> {
    await tx.execute(
      sql`UPDATE kb.articles SET file_names = coalesce((SELECT string_agg(file_name, ' ' ORDER BY created_at) FROM kb.files WHERE article_id = ${id} AND kind IN ('file', 'node')), '') WHERE id = ${id}`,
    );
  }
}
