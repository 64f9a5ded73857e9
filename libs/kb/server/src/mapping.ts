import type { TreeNode } from '@intranet/kb-contract';
import type { ListRow } from './articles.repository.ts';
import { withSignedMedia } from './sanitize.ts';
import type { FileRow, LinksBlockRow, TagRow, vacancyResponses } from './schema.ts';

/** A search hit: a list row with its snippet, highlighted title and rank. */
export type SearchRow = ListRow & { snippet: string; titleHighlight: string; rank: number };

/** A tag as §7 Tags answers give it. */
export const toTag = (t: TagRow) => ({
  _id: t.id,
  client_id: t.clientId,
  module: t.module,
  name: t.name,
  color: t.color,
  tmpl: t.tmpl,
  author: t.authorId,
  created: t.createdAt.toISOString(),
});

/** A links block as §7 Link blocks answers give it: links in their order. */
export const toBlock = (b: LinksBlockRow) => ({
  _id: b.id,
  client_id: b.clientId,
  module: b.module,
  block_id: b.blockId,
  title: b.title,
  active: b.active,
  links: [...b.links].sort((x, y) => x.order - y.order),
  updated: b.updatedAt.toISOString(),
});

/** Signs a storage key into a short-lived URL. */
export type Signer = (key: string) => string;

/** A file row as answers give it (signed URL and thumbnail). */
export const toFile = (sign: Signer, f: FileRow, favourite = false) => ({
  _id: f.id,
  key: f.key,
  fileName: f.fileName,
  mimetype: f.mimetype,
  size: f.size,
  url: sign(f.key),
  thumb: f.thumbKey ? sign(f.thumbKey) : null,
  favourite,
});

/** What presenting a row needs besides the row: the caller's level on it and the batch look-ups. */
export interface ArticleExtras {
  level: number;
  files: FileRow[];
  tags: { _id: string; name: string; color: string | null }[];
  /** The caller's favourite marks: `<article>` and `<article>:<file>`. */
  favourites: ReadonlySet<string>;
  hasChildren: boolean;
  viewed: boolean;
}

/** A row → §3 article as answers give it (signed URLs; grants only for writers; search fields when a hit). */
export function toArticle(sign: Signer, row: ListRow | SearchRow, x: ArticleExtras) {
  const out = (f: FileRow) => toFile(sign, f, x.favourites.has(`${row.id}:${f.id}`));
  const cover = x.files.find((f) => f.kind === 'cover');
  const node = x.files.find((f) => f.kind === 'node');
  const attachments = x.files.filter((f) => f.kind === 'attachment');
  const media = new Set(attachments.map((f) => f.key));
  const s = row as Partial<SearchRow>;
  return {
    _id: row.id,
    client_id: row.clientId,
    type: row.type,
    section: row.section,
    title: row.title,
    content: row.content === undefined ? undefined : withSignedMedia(row.content ?? '', (k) => (media.has(k) ? sign(k) : null)),
    cover: cover ? out(cover) : null,
    parent: row.parentId,
    order: row.sortOrder,
    url: node ? sign(node.key) : null,
    thumb: node?.thumbKey ? sign(node.thumbKey) : cover?.thumbKey ? sign(cover.thumbKey) : null,
    file: node ? out(node) : null,
    files: x.files.filter((f) => f.kind === 'file').map(out),
    attachments: attachments.map(out),
    views: row.views,
    viewed: x.viewed,
    grants: x.level >= 2 ? row.grants : [],
    access: (x.level >= 2 ? 'write' : 'read') as 'read' | 'write',
    tags: x.tags,
    author: row.authorId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    favourite: x.favourites.has(row.id),
    hasChildren: x.hasChildren,
    salaryFrom: row.salaryFrom,
    salaryTo: row.salaryTo,
    receivers: row.receivers,
    ...(s.snippet !== undefined ? { snippet: s.snippet, titleHighlight: s.titleHighlight, rank: s.rank } : {}),
  };
}

/** A presented article. */
export type ArticleOut = ReturnType<typeof toArticle>;

/** A tree row: what full_tree reads of a node. */
export interface TreeRow {
  id: string;
  title: string;
  type: TreeNode['type'];
  parentId: string | null;
  aclId: string | null;
}

/**
 * The slim tree under `root` (null: the top) from rows in sibling order: favourite and restricted flags only when
 * true, children only when any. Rows whose parent is not in the list (unreadable) drop with their subtree; depth is
 * capped at 200.
 */
export function buildTree(rows: readonly TreeRow[], root: string | null, favourites: ReadonlySet<string>): TreeNode[] {
  const kids = new Map<string | null, TreeRow[]>();
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
          if (favourites.has(n.id)) node.favourite = true;
          if (n.aclId !== null) node.restricted = true;
          const children = build(n.id, depth + 1);
          if (children.length) node.children = children;
          return node;
        });
  return build(root, 0);
}

/** A vacancy response as answers give it; `userName` only in the receivers' list. */
export const toResponse = (sign: Signer, articleId: string, resp: typeof vacancyResponses.$inferSelect, cv: FileRow | undefined, userName?: string | null) => ({
  _id: resp.id,
  article: articleId,
  user: resp.userId,
  ...(userName !== undefined ? { userName } : {}),
  message: resp.message,
  contacts: resp.contacts,
  cv: cv ? toFile(sign, cv) : null,
  created: resp.createdAt.toISOString(),
});

/** A raw search row (snake_case, driver-decoded) → SearchRow. */
export const searchRowOf = (x: Record<string, unknown>): SearchRow => ({
  id: x.id as string,
  clientId: x.client_id as string,
  type: x.type as ListRow['type'],
  section: x.section as ListRow['section'],
  parentId: (x.parent_id as string | null) ?? null,
  title: x.title as string,
  sortOrder: Number(x.sort_order),
  grants: (typeof x.grants === 'string' ? JSON.parse(x.grants) : x.grants) as ListRow['grants'],
  aclId: (x.acl_id as string | null) ?? null,
  authorId: (x.author_id as string | null) ?? null,
  views: Number(x.views),
  salaryFrom: x.salary_from === null ? null : Number(x.salary_from),
  salaryTo: x.salary_to === null ? null : Number(x.salary_to),
  receivers: parseUuidArray(x.receivers),
  createdAt: new Date(x.created_at as string),
  updatedAt: new Date(x.updated_at as string),
  snippet: (x.snippet as string) ?? '',
  titleHighlight: (x.title_highlight as string) ?? '',
  rank: Number(x.rank),
});

/** uuid[] comes back as an array (node-postgres) or as '{a,b}' text depending on the driver. */
function parseUuidArray(v: unknown): string[] {
  if (Array.isArray(v)) return v as string[];
  if (typeof v === 'string')
    return v
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}
