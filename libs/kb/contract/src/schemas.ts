import { Id, requiredString, safeUrl, V, z } from '@intranet/platform-contracts';
import { KB_TEXT } from './codes.ts';

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

export const tagOut = z.object({ _id: z.string(), name: z.string(), color: z.string().nullable() });

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
export const flag = z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()).optional();
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

export const vacancyResponse = z.object({
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
export const moduleName = z
  .string()
  .trim()
  .min(1, V.required)
  .max(50)
  .regex(/^[a-z0-9_-]+$/i, V.alphanumeric);
export const tagName = requiredString().max(60, V.max(60));
export const color = z.string().trim().max(30).nullable().optional();
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
