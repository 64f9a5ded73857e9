import { GUARDED_KINDS } from '@intranet/files-contract';
import {
  access,
  defineEvent,
  defineRoute,
  defineSubject,
  Id,
  requiredString,
  safeUrl,
  V,
  z,
  type EventDef,
  type EventPayload,
  type RouteDef,
  type SubjectDef,
} from '@intranet/platform-contracts';

/** §5 / §8 knowledge base texts (server and web say the same thing). */
export * from './codes.ts';
export const KB_TEXT = {
  folderIntoItself: 'Folder cannot move into itself',
  deleteFile: 'Error on deleting file',
  deleteFiles: 'Error on deleting files from db',
  mediaRequired: 'File must be media',
  imageRequired: 'File must be an image',
  fileNotFound: 'The file was not found or was deleted',
  fileTaken: 'This file is already attached',
  parentNotFolder: 'Parent must be a folder',
  parentSection: 'Parent is in another section',
  wholeNumber: 'Must be a whole number',
  notNegative: 'Must be 0 or more',
  salaryRange: 'Salary from cannot exceed salary to',
  notVacancy: 'This is not a vacancy',
  /** §5 Vacancy response: a message, contacts or a CV (an empty response says nothing). */
  responseEmpty: 'Write a message, leave contacts or attach a CV',
  alreadyResponded: 'You have already responded to this vacancy',
  tagExists: 'This tag already exists',
  notSiblings: 'Only items of the same folder can swap places',
} as const;

/** What a knowledge-base node is (§3 Knowledge base article/folder/file). */
export const ARTICLE_TYPES = ['folder', 'article', 'file'] as const;
/** §3 "section (vacancy is one)": the knowledge base proper and the vacancies board. */
export const ARTICLE_SECTIONS = ['kb', 'vacancy'] as const;

/**
 * §6 Access grant targets: all, all heads, head (a named user who is a head), name/position, department, city,
 * working time (the §9 ranges) and manual filter (an explicit user list).
 */
export const GRANT_TARGETS = ['all', 'all_heads', 'head', 'position', 'department', 'city', 'working_time', 'manual'] as const;
export const GRANT_LEVELS = ['read', 'write', 'none'] as const;
/** §9 working-time filters: under 3 months, 3 months-1 year, 1-5 years, 5-10 years, 10+ years. */
export const WORKING_TIME = ['lt3m', '3m_1y', '1y_5y', '5y_10y', '10y_plus'] as const;

/**
 * One access grant. Matching grants are resolved most-specific first (manual/head, then position, department,
 * city, working time and all heads, then all); within the winning tier an explicit 'none' denies, else the
 * highest level applies. A non-empty list that matches nobody denies.
 */
export const grantSchema = z
  .object({
    target: z.enum(GRANT_TARGETS, { error: V.required }),
    level: z.enum(GRANT_LEVELS, { error: V.required }),
    /** head: the user id; position/department/city: the name; working_time: one of WORKING_TIME. */
    value: z.string().trim().max(200, V.max(200)).nullable().optional(),
    /** manual: the chosen users. */
    users: z.array(Id).max(5000).optional(),
  })
  .superRefine((g, ctx) => {
    const need = (ok: boolean, path: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message: V.required });
    };
    if (g.target === 'manual') need(!!g.users?.length, 'users');
    if (['head', 'position', 'department', 'city', 'working_time'].includes(g.target)) need(!!g.value, 'value');
    if (g.target === 'head' && g.value && !Id.safeParse(g.value).success) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Invalid id' });
    if (g.target === 'working_time' && g.value && !(WORKING_TIME as readonly string[]).includes(g.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `One of ${WORKING_TIME.join(', ')}` });
    }
  });
export type Grant = z.infer<typeof grantSchema>;

/**
 * A stored file as the web hands it over after POST api/upload: the key must start with the caller's client id.
 * Size is taken from storage, not from the caller.
 */
export const fileRef = z.object({
  key: requiredString().max(400),
  fileName: requiredString().max(255, V.max(255)),
  mimetype: z.string().trim().max(150).default('application/octet-stream'),
  size: z.number().int().min(0).optional(),
  thumbKey: z.string().max(400).nullable().optional(),
});
export type FileRef = z.infer<typeof fileRef>;

/** A file as answers give it: URLs are signed with a short expiry, and only for users the grants allow. */
export const fileOut = z.object({
  _id: z.string(),
  key: z.string(),
  fileName: z.string(),
  mimetype: z.string(),
  size: z.number(),
  url: z.string(),
  thumb: z.string().nullable(),
  favourite: z.boolean().optional(),
});

const money = z
  .number({ error: V.required })
  .min(0, KB_TEXT.notNegative)
  // The column is a PostgreSQL integer: anything larger was a 500.
  .max(2_147_483_647, 'Max 2147483647')
  .refine((n) => Number.isInteger(n), KB_TEXT.wholeNumber);

/**
 * Request body limit of article writes (issue 38 §7): 2,000,000 characters of rich text, up to 3 bytes each in
 * UTF-8 and more once JSON escapes the HTML's quotes, beside the other fields.
 */
export const ARTICLE_BODY_LIMIT = 8 * 1024 * 1024;

/** Writable fields of an article, folder, file node or vacancy (§3). */
const articleFields = z.object({
  /** Default 'article'. */
  type: z.enum(ARTICLE_TYPES).optional(),
  /** Required (checked with the other §5 rules by `articleIssues`, so one answer lists every missing field). */
  section: z.enum(ARTICLE_SECTIONS, { error: V.required }).optional(),
  title: z.string({ error: V.required }).trim().max(500, V.max(500)).optional(),
  /** Rich text (HTML); sanitised by the server. */
  content: z.string().max(2_000_000).nullable().optional(),
  parent: Id.nullable().optional(),
  cover: fileRef.nullable().optional(),
  /** The stored file of a `file` node (§3 url, thumb). */
  file: fileRef.nullable().optional(),
  /** Inline media of the rich text (images, video, audio). */
  attachments: z.array(fileRef).max(200).optional(),
  /** Attached files (also managed by add_files / del_file / del_files). */
  files: z.array(fileRef).max(200).optional(),
  tags: z.array(Id).max(100).optional(),
  grants: z.array(grantSchema).max(200).optional(),
  /** §3 Vacancy: header is the title, body is the content. */
  salaryFrom: money.nullable().optional(),
  salaryTo: money.nullable().optional(),
  /** §3 Vacancy response receivers (user ids). */
  receivers: z.array(Id).max(100).optional(),
});

/** Visible text of an HTML fragment (tags dropped); used for the "content required" rule. */
export const textOf = (html: string | null | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim();

/**
 * §5 rules on a whole article state (after merging an update): article and vacancy need title, content and
 * section; a file node needs its file; a vacancy needs salary from/to and receivers (§5 Vacancy: required).
 */
export function articleIssues(a: {
  type?: string;
  section?: string;
  title?: string | null;
  content?: string | null;
  file?: unknown;
  salaryFrom?: number | null;
  salaryTo?: number | null;
  receivers?: string[] | null;
}): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const req = (ok: boolean, field: string) => {
    if (!ok) out.push({ field, message: V.required });
  };
  req(!!a.section, 'section');
  req(!!a.title?.trim(), 'title');
  const hasMedia = /<(img|video|audio|iframe)\b/i.test(a.content ?? '');
  const type = a.type ?? 'article';
  if (type !== 'folder' && type !== 'file') req(!!textOf(a.content) || hasMedia, 'content');
  if (type === 'file') req(!!a.file, 'file');
  if (a.section === 'vacancy') {
    req(a.salaryFrom !== null && a.salaryFrom !== undefined, 'salaryFrom');
    req(a.salaryTo !== null && a.salaryTo !== undefined, 'salaryTo');
    req(!!a.receivers?.length, 'receivers');
    if (a.salaryFrom != null && a.salaryTo != null && a.salaryFrom > a.salaryTo) out.push({ field: 'salaryTo', message: KB_TEXT.salaryRange });
  }
  return out;
}

export const articleCreate = articleFields.superRefine((a, ctx) => {
  for (const i of articleIssues(a)) ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
});
export const articleUpdate = articleFields.partial();

const tagOut = z.object({ _id: z.string(), name: z.string(), color: z.string().nullable() });

/** §3 Knowledge base article/folder/file (and vacancy) as answers give it; lists may project fields. */
export const articleSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  type: z.enum(ARTICLE_TYPES),
  section: z.enum(ARTICLE_SECTIONS),
  title: z.string(),
  content: z.string().nullable(),
  cover: fileOut.nullable(),
  parent: z.string().nullable(),
  order: z.number(),
  /** Signed URL (file nodes) or null. */
  url: z.string().nullable(),
  thumb: z.string().nullable(),
  file: fileOut.nullable(),
  files: z.array(fileOut),
  attachments: z.array(fileOut),
  views: z.number(),
  viewed: z.boolean(),
  /** Own grants (shown to writers only); empty means inherited from the nearest folder with grants, or open. */
  grants: z.array(grantSchema),
  /** The caller's level: read or write. */
  access: z.enum(['read', 'write']),
  tags: z.array(tagOut),
  author: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  favourite: z.boolean(),
  hasChildren: z.boolean(),
  salaryFrom: z.number().nullable(),
  salaryTo: z.number().nullable(),
  receivers: z.array(z.string()),
  /** Search answers: HTML-safe snippets with <mark> around the hits, and the rank. */
  snippet: z.string(),
  titleHighlight: z.string(),
  rank: z.number(),
});
export type Article = z.infer<typeof articleSchema>;
export const articleListItem = articleSchema.partial().extend({ _id: z.string() });
export type ArticleListItem = z.infer<typeof articleListItem>;

/**
 * One node of full_tree, kept small (a 5,000-folder tree must fit one bus message): the parent is the nesting,
 * the order is the sibling order, `favourite`/`restricted` appear only when true and `children` only when any.
 */
export interface TreeNode {
  _id: string;
  title: string;
  type: (typeof ARTICLE_TYPES)[number];
  favourite?: true;
  restricted?: true;
  children?: TreeNode[];
}
export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    _id: z.string(),
    title: z.string(),
    type: z.enum(ARTICLE_TYPES),
    favourite: z.literal(true).optional(),
    restricted: z.literal(true).optional(),
    children: z.array(treeNode).optional(),
  }),
);

/** Query flags arrive as strings over HTTP and as booleans after the gateway parsed them once. */
const flag = z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()).optional();
/** Comma-separated lists arrive as a string (HTTP) or an array (after one parse). */
const csv = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(item).max(50),
    )
    .optional();
const intQ = (max: number) => z.coerce.number().int().min(0).max(max).optional();

export const accessForQuery = z.object({
  parent: Id.optional(),
  search: z.string().max(200).optional(),
  fields: csv(z.string().max(30)),
  full: flag,
  tags: csv(Id),
  section: z.enum(ARTICLE_SECTIONS).optional(),
  favourites: flag,
  limit: intQ(1000),
  offset: intQ(1_000_000),
});

const vacancyResponse = z.object({
  _id: z.string(),
  article: z.string(),
  user: z.string(),
  /** The responder's name as the kb knows it (responses list). */
  userName: z.string().nullable().optional(),
  message: z.string().nullable(),
  contacts: z.string().nullable(),
  cv: fileOut.nullable(),
  created: z.string(),
});

/** §3 Tag. */
export const tagSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  module: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  tmpl: z.boolean(),
  author: z.string().nullable(),
  created: z.string(),
});
const moduleName = z
  .string()
  .trim()
  .min(1, V.required)
  .max(50)
  .regex(/^[a-z0-9_-]+$/i, V.alphanumeric);
const tagName = requiredString().max(60, V.max(60));
const color = z.string().trim().max(30).nullable().optional();
/** Models tags attach to: kb articles (folders, files and vacancies are articles too). */
export const TAG_MODELS = ['article'] as const;

/** §5 Link: title and valid URL (http, https, mailto or a portal path). */
export const linkInput = z.object({
  title: requiredString().max(200, V.max(200)),
  url: safeUrl(2000),
});
const linkOut = z.object({ _id: z.string(), title: z.string(), url: z.string(), order: z.number() });
/** §3 links block (module, links, block_id). */
export const linksBlockSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  module: z.string(),
  block_id: z.string(),
  title: z.string().nullable(),
  active: z.boolean(),
  links: z.array(linkOut),
  updated: z.string(),
});

const clientParam = z.object({ client: Id });
const idParam = z.object({ id: Id });

/**
 * The kb routes (§7 Articles, Tags, Link blocks). Routes of one module name their client feature (§6; the gateway
 * refuses them when it is switched off): folder navigation → knowledge_base, vacancy responses → vacancies. Routes
 * shared by both sections (one article or vacancy by id, lists by `section`, files, tags) are checked by the kb
 * service on the row's section (access.ts `hasRight`: a switched-off feature counts as a missing right).
 */
export const kbRoutes = {
  // ── Articles (§7 Articles) ────────────────────────────────────────────────────────────────────────────────
  accessFor: defineRoute({
    method: 'GET',
    path: '/api/user/{client}/articles/access_for/{user}',
    subject: 'kb.article.accessFor',
    summary: 'Articles a user may read: a folder level (parent), the root, favourites, a tag filter or a full-text search',
    spec: '§7 Articles, §6 Access grants',
    access: access.authenticated,
    params: z.object({ client: Id, user: Id }),
    query: accessForQuery,
    result: z.array(articleListItem),
  }),
  breadcrumbs: defineRoute({
    method: 'GET',
    path: '/api/article/breadcrumbs/{id}',
    subject: 'kb.article.breadcrumbs',
    summary: 'Path from the root to an article',
    spec: '§7 Articles',
    access: access.authenticated,
    feature: 'knowledge_base',
    params: idParam,
    /** Ancestors the caller may not read collapse into one `{ _id: null, title: null, access: false }` step. */
    result: z.array(z.object({ _id: z.string().nullable(), title: z.string().nullable(), type: z.enum(ARTICLE_TYPES), access: z.boolean() })),
  }),
  fullTree: defineRoute({
    method: 'GET',
    path: '/api/article/full_tree/{id}',
    subject: 'kb.article.fullTree',
    summary: 'The readable tree under a folder, or the whole tree when {id} is the client id',
    spec: '§7 Articles',
    access: access.authenticated,
    params: idParam,
    query: z.object({ section: z.enum(ARTICLE_SECTIONS).optional(), folders: flag }),
    result: z.array(treeNode),
  }),
  child: defineRoute({
    method: 'GET',
    path: '/api/article/child/{id}',
    subject: 'kb.article.child',
    summary: 'Readable children of a folder',
    spec: '§7 Articles',
    access: access.authenticated,
    feature: 'knowledge_base',
    params: idParam,
    result: z.array(articleListItem),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/article/{id}',
    subject: 'kb.article.get',
    summary: 'One article, folder, file or vacancy',
    spec: '§7 Articles',
    access: access.authenticated,
    params: idParam,
    result: articleSchema.omit({ snippet: true, titleHighlight: true, rank: true }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/article',
    subject: 'kb.article.create',
    summary: 'Create an article, folder, file node or vacancy',
    spec: '§7 Articles, §5 Knowledge base, Vacancy',
    access: access.authenticated,
    body: articleCreate,
    bodyLimit: ARTICLE_BODY_LIMIT,
    result: articleSchema.omit({ snippet: true, titleHighlight: true, rank: true }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}',
    subject: 'kb.article.update',
    summary: 'Edit or move an article',
    spec: '§7 Articles, §5 Knowledge base',
    access: access.authenticated,
    params: idParam,
    body: articleUpdate,
    bodyLimit: ARTICLE_BODY_LIMIT,
    result: articleSchema.omit({ snippet: true, titleHighlight: true, rank: true }),
  }),
  deepDelete: defineRoute({
    method: 'DELETE',
    path: '/api/article/deep/{id}',
    subject: 'kb.article.deepDelete',
    summary: 'Delete a subtree and free its files',
    spec: '§7 Articles',
    access: access.authenticated,
    params: idParam,
    result: z.object({ deleted: z.number(), files: z.number(), bytes: z.number() }),
  }),
  addFiles: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}/add_files',
    subject: 'kb.article.addFiles',
    summary: 'Attach uploaded files',
    spec: '§7 Articles',
    access: access.authenticated,
    params: idParam,
    body: z.object({ files: z.array(fileRef).min(1, V.required).max(100) }),
    result: z.array(fileOut),
  }),
  delFile: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}/del_file/{file}',
    subject: 'kb.article.delFile',
    summary: 'Delete one attached file',
    spec: '§7 Articles, §8',
    access: access.authenticated,
    params: z.object({ id: Id, file: Id }),
    result: z.array(fileOut),
  }),
  delFiles: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}/del_files',
    subject: 'kb.article.delFiles',
    summary: 'Delete the listed attached files, or all of them',
    spec: '§7 Articles, §8',
    access: access.authenticated,
    params: idParam,
    body: z.object({ files: z.array(Id).max(200).optional() }),
    result: z.array(fileOut),
  }),
  emptyAsArticles: defineRoute({
    method: 'PUT',
    path: '/api/article/empty_as_articles/{client}',
    subject: 'kb.article.emptyAsArticles',
    summary: 'Turn folders that hold nothing into articles (those with content; §5: an article needs content)',
    spec: '§7 Articles, §5 Knowledge base',
    access: access.admin,
    feature: 'knowledge_base',
    params: clientParam,
    result: z.object({ updated: z.number(), skipped: z.number() }),
  }),
  order: defineRoute({
    method: 'PUT',
    path: '/api/article/{client}/order/{from}/{to}',
    subject: 'kb.article.order',
    summary: 'Swap the order of two articles',
    spec: '§7 Articles, §4',
    access: access.authenticated,
    params: z.object({ client: Id, from: Id, to: Id }),
    result: z.array(z.object({ _id: z.string(), order: z.number() })),
  }),
  vacRespond: defineRoute({
    method: 'POST',
    path: '/api/article/vac_respond',
    subject: 'kb.vacancy.respond',
    summary: 'Respond to a vacancy (optional CV upload)',
    spec: '§7 Articles, §3 Vacancy',
    access: access.authenticated,
    feature: 'vacancies',
    body: z.object({
      article: Id,
      message: z.string().trim().max(5000, V.max(5000)).nullable().optional(),
      contacts: z.string().trim().max(500, V.max(500)).nullable().optional(),
      cv: fileRef.nullable().optional(),
    }),
    result: vacancyResponse,
  }),
  /** Addition to §7: the responses to a vacancy, for administrators and the vacancy's response receivers. */
  responses: defineRoute({
    method: 'GET',
    path: '/api/article/{id}/responses',
    subject: 'kb.vacancy.responses',
    summary: 'Responses to a vacancy, newest first (addition to §7)',
    spec: '§3 Vacancy response receivers',
    access: access.authenticated,
    feature: 'vacancies',
    params: idParam,
    result: z.array(vacancyResponse),
  }),
  view: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}/view/{user}',
    subject: 'kb.article.view',
    summary: 'Count a view (once per user)',
    spec: '§7 Articles',
    access: access.authenticated,
    params: z.object({ id: Id, user: Id }),
    result: z.object({ views: z.number(), viewed: z.boolean() }),
  }),
  rights: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}/rights',
    subject: 'kb.article.rights',
    summary: 'Set the access grants of an article or folder',
    spec: '§7 Articles, §6 Access grants',
    access: access.authenticated,
    params: idParam,
    body: z.object({ grants: z.array(grantSchema).max(200) }),
    result: articleSchema.omit({ snippet: true, titleHighlight: true, rank: true }),
  }),
  /** Addition to §7: the §3 favourite flag per user on articles, folders, file nodes and attached files. */
  favourite: defineRoute({
    method: 'PUT',
    path: '/api/article/{id}/favourite',
    subject: 'kb.article.favourite',
    summary: 'Mark or unmark a favourite (addition to §7)',
    spec: '§3 Knowledge base favourite flag',
    access: access.authenticated,
    params: idParam,
    body: z.object({ file: Id.optional(), favourite: z.boolean().optional() }),
    result: z.object({ favourite: z.boolean() }),
  }),

  // ── Tags (§7 Tags) ─────────────────────────────────────────────────────────────────────────────────────────
  tagList: defineRoute({
    method: 'GET',
    path: '/api/tag/{client_id}/{module}',
    subject: 'kb.tag.list',
    summary: 'Tags of a module (tmpl=1: template tags only, tmpl=0: others)',
    spec: '§7 Tags',
    access: access.authenticated,
    params: z.object({ client_id: Id, module: moduleName }),
    query: z.object({
      tmpl: z.preprocess(
        (v) => (v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : undefined),
        z.boolean().optional(),
      ),
    }),
    result: z.array(tagSchema),
  }),
  tagCreate: defineRoute({
    method: 'POST',
    path: '/api/tag',
    subject: 'kb.tag.create',
    summary: 'Create a tag',
    spec: '§7 Tags',
    access: access.authenticated,
    body: z.object({ name: tagName, module: moduleName, color, tmpl: z.boolean().optional() }),
    result: tagSchema,
  }),
  tagUpdate: defineRoute({
    method: 'PUT',
    path: '/api/tags/{id}',
    subject: 'kb.tag.update',
    summary: 'Rename or recolour a tag',
    spec: '§7 Tags',
    access: access.authenticated,
    params: idParam,
    body: z.object({ name: tagName.optional(), color, tmpl: z.boolean().optional() }),
    result: tagSchema,
  }),
  tagAttach: defineRoute({
    method: 'PUT',
    path: '/api/tag/attach/to/{model}/{item_id}',
    subject: 'kb.tag.attach',
    summary: 'Attach a tag (by _id, or by name: found or created in the module) to an item',
    spec: '§7 Tags',
    access: access.authenticated,
    params: z.object({ model: z.enum(TAG_MODELS), item_id: Id }),
    body: z
      .object({ _id: Id.optional(), name: tagName.optional(), module: moduleName.optional() })
      .refine((b) => b._id || b.name, { message: V.required, path: ['_id'] }),
    result: z.array(tagOut),
  }),
  tagDetach: defineRoute({
    method: 'PUT',
    path: '/api/tag/detach/{id}/from/{model}/{item_id}',
    subject: 'kb.tag.detach',
    summary: 'Detach a tag from an item',
    spec: '§7 Tags',
    access: access.authenticated,
    params: z.object({ id: Id, model: z.enum(TAG_MODELS), item_id: Id }),
    result: z.array(tagOut),
  }),
  tagDelete: defineRoute({
    method: 'DELETE',
    path: '/api/tag/{client_id}/{tag_id}',
    subject: 'kb.tag.delete',
    summary: 'Delete a tag everywhere',
    spec: '§7 Tags',
    access: access.authenticated,
    params: z.object({ client_id: Id, tag_id: Id }),
    result: z.object({ deleted: z.boolean() }),
  }),

  // ── Link blocks (§7 Link blocks) ───────────────────────────────────────────────────────────────────────────
  linksBlockGet: defineRoute({
    method: 'GET',
    path: '/api/links_block/{id}',
    subject: 'kb.links.get',
    summary: 'One links block',
    spec: '§7 Link blocks',
    access: access.authenticated,
    params: idParam,
    result: linksBlockSchema,
  }),
  linksBlockList: defineRoute({
    method: 'GET',
    path: '/api/links_block/{client_id}/{module}',
    subject: 'kb.links.list',
    summary: 'Links blocks of a module',
    spec: '§7 Link blocks',
    access: access.authenticated,
    params: z.object({ client_id: Id, module: moduleName }),
    result: z.array(linksBlockSchema),
  }),
  linksBlockToggle: defineRoute({
    method: 'PUT',
    path: '/api/links_block/toggle',
    subject: 'kb.links.toggle',
    summary: 'Show or hide the links block of a module place (created on first use)',
    spec: '§7 Link blocks',
    access: access.admin,
    body: z.object({
      module: moduleName,
      block_id: z.string().trim().min(1, V.required).max(100).default('main'),
      active: z.boolean().optional(),
      title: z.string().trim().max(200, V.max(200)).nullable().optional(),
    }),
    result: linksBlockSchema,
  }),
  linkAdd: defineRoute({
    method: 'POST',
    path: '/api/links_block/{block_id}/link',
    subject: 'kb.links.add',
    summary: 'Add a link',
    spec: '§7 Link blocks, §5 Link',
    access: access.admin,
    params: z.object({ block_id: Id }),
    body: linkInput,
    result: linksBlockSchema,
  }),
  linkUpdate: defineRoute({
    method: 'PUT',
    path: '/api/links_block/{block_id}/link',
    subject: 'kb.links.update',
    summary: 'Edit a link',
    spec: '§7 Link blocks, §5 Link',
    access: access.admin,
    params: z.object({ block_id: Id }),
    body: linkInput.extend({ _id: Id, order: z.number().int().min(0).optional() }),
    result: linksBlockSchema,
  }),
  linkDelete: defineRoute({
    method: 'DELETE',
    path: '/api/links_block/{block_id}/link/{id}',
    subject: 'kb.links.delete',
    summary: 'Delete a link',
    spec: '§7 Link blocks',
    access: access.admin,
    params: z.object({ block_id: Id, id: Id }),
    result: linksBlockSchema,
  }),
} satisfies Record<string, RouteDef>;

/** Internal subjects of the kb service (not HTTP routes). */
export const kbSubjects = {
  /**
   * `{ key }` (a file or thumbnail key) → FileAccessAnswer for the requester in ctx: whether a kb file (attached
   * file, inline media, cover, file node, CV) may be downloaded now. Asked by the gateway on every guarded download.
   */
  fileAccess: defineSubject(GUARDED_KINDS.kb!, z.object({ key: z.string() }), z.object({ known: z.boolean(), allowed: z.boolean() })),
} satisfies Record<string, SubjectDef>;

/**
 * Events of the kb service. The gateway relays `evt.kb.>` to the workspace's browsers, so article events carry
 * ids only (never titles: a restricted article must not leak); clients refetch through the grants.
 * `vacancy.responded` goes to its receivers only (`userIds`).
 */
const articleEvent = z.object({ _id: z.string(), parent: z.string().nullable(), section: z.string() });

/** Payload of evt.kb.vacancy.responded: the receivers and the vacancy's owner (author) are notified. */
const vacancyRespondedSchema = z.object({
  vacancyId: z.string(),
  /** The vacancy's title, for the receivers' notification (they may read the vacancy's responses anyway). */
  title: z.string(),
  responseId: z.string(),
  userId: z.string(),
  /** The responder's name as the kb knows it. */
  userName: z.string().nullable(),
  receivers: z.array(z.string()),
  /** The vacancy's author, notified with the receivers (null when unknown). */
  ownerId: z.string().nullable(),
  /** The relay sends it to these users only. */
  userIds: z.array(z.string()),
  cvKey: z.string().nullable(),
});

export const kbEvents = {
  articleCreated: defineEvent('evt.kb.article.created', articleEvent),
  articleUpdated: defineEvent('evt.kb.article.updated', articleEvent),
  articleDeleted: defineEvent('evt.kb.article.deleted', articleEvent),
  vacancyResponded: defineEvent('evt.kb.vacancy.responded', vacancyRespondedSchema),
} satisfies Record<string, EventDef>;

export type ArticleEvent = EventPayload<typeof kbEvents.articleCreated>;
export type VacancyRespondedEvent = EventPayload<typeof kbEvents.vacancyResponded>;
