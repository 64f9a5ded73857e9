import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';
import type { Grant } from '@intranet/kb-contract';

/** PostgreSQL schema owned by the kb service (DESIGN §2). */
export const kbSchema = pgSchema('kb');

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * §3 Knowledge base article/folder/file and vacancy (section = 'vacancy') in one tree.
 * - `grants` are the node's own §6 grants; `acl_id` is the nearest ancestor-or-self with non-empty grants (null:
 *   nothing restricts it, so everyone may read). It is kept by the repository on create, move and rights change,
 *   so a visibility check is one look-up of a few hundred grant lists, never a walk up the tree.
 * - `search` is a generated tsvector over title (A), plain text of the content (B) and attached file names (C) in
 *   two configurations: 'simple' (exact word forms: every language, Ukrainian included, which has no built-in
 *   stemmer) and 'russian' (Russian stems; its latin words go through the English stemmer).
 */
export const articles = kbSchema.table(
  'articles',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    type: text('type', { enum: ['folder', 'article', 'file'] }).notNull(),
    section: text('section', { enum: ['kb', 'vacancy'] }).notNull(),
    parentId: uuid('parent_id'),
    title: text('title').notNull(),
    content: text('content'),
    bodyText: text('body_text').notNull().default(''),
    fileNames: text('file_names').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    grants: jsonb('grants').$type<Grant[]>().notNull().default([]),
    aclId: uuid('acl_id'),
    authorId: uuid('author_id'),
    views: integer('views').notNull().default(0),
    salaryFrom: integer('salary_from'),
    salaryTo: integer('salary_to'),
    receivers: uuid('receivers')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(file_names, '')), 'C') || setweight(to_tsvector('russian'::regconfig, coalesce(file_names, '')), 'C')`,
    ),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'articles_parent_fk' }).onDelete('cascade'),
    index('articles_tree_idx').on(t.clientId, t.section, t.parentId, t.sortOrder),
    index('articles_parent_idx').on(t.parentId),
    index('articles_acl_idx').on(t.aclId),
    index('articles_granted_idx')
      .on(t.clientId)
      .where(sql`jsonb_array_length(${t.grants}) > 0`),
    index('articles_search_idx').using('gin', t.search),
    tenantPolicy(),
  ],
);
export type ArticleRow = typeof articles.$inferSelect;

/**
 * Per-client version of the §6 grants that restrict nodes (rows of `articles` with non-empty grants). Triggers on
 * `articles` bump it in the same transaction as any insert, delete or grants change of such a row, so a grant-level
 * map cached under a version is never served once the grants it was computed from changed (access.ts `loadAcl`).
 * No row: version 0.
 */
export const aclVersions = kbSchema.table(
  'acl_versions',
  {
    clientId: uuid('client_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  () => [tenantPolicy()],
);
export type NewArticle = typeof articles.$inferInsert;

export const FILE_KINDS = ['file', 'attachment', 'cover', 'node', 'cv'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Every stored object the kb owns: attached files, inline media, covers, file nodes and vacancy CVs. A key belongs
 * to one row only (so it is freed once); sizes come from storage, not from the caller.
 */
export const files = kbSchema.table(
  'files',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id'),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    mimetype: text('mimetype').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    thumbKey: text('thumb_key'),
    thumbSize: bigint('thumb_size', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_key_uq').on(t.key), index('files_article_idx').on(t.articleId, t.kind), tenantPolicy()],
);
export type FileRow = typeof files.$inferSelect;

/** §3 favourite flag per user: on a node (`file_id` = '') or on one attached file of it. */
export const favourites = kbSchema.table(
  'favourites',
  {
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId, t.fileId] }), index('favourites_article_idx').on(t.articleId), tenantPolicy()],
);

/** One row per user and article: a view counts once (§4). */
export const views = kbSchema.table(
  'views',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] }), tenantPolicy()],
);

/**
 * kb's projection of people's users (DESIGN §2): what §6 grants match on. Fed by `evt.people.user.*` (durable
 * consumer 'kb-users'); a row whose attributes the event did not carry is `complete = false` and is filled on
 * demand from people.user.get. `version` is the event time: an older event never overwrites a newer state.
 */
export const members = kbSchema.table(
  'members',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fullName: text('full_name'),
    department: text('department'),
    position: text('position'),
    city: text('city'),
    workingSince: date('working_since', { mode: 'string' }),
    deletionMark: boolean('deletion_mark').notNull().default(false),
    complete: boolean('complete').notNull().default(false),
    version: ts('version').notNull(),
  },
  () => [tenantPolicy()],
);
export type MemberRow = typeof members.$inferSelect;

/** A vacancy response (§7 POST api/article/vac_respond); the CV is a `files` row of kind 'cv'. */
export const vacancyResponses = kbSchema.table(
  'vacancy_responses',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    message: text('message'),
    contacts: text('contacts'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // One response per person and vacancy (issue 8 §4): the handler checks first, the index settles races.
  (t) => [index('vacancy_responses_article_idx').on(t.articleId), uniqueIndex('vacancy_responses_article_user_uq').on(t.articleId, t.userId), tenantPolicy()],
);

/** §3 Tag, per module; `tmpl` marks template tags offered by default. */
export const tags = kbSchema.table(
  'tags',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    tmpl: boolean('tmpl').notNull().default(false),
    authorId: uuid('author_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_client_module_name_uq').on(t.clientId, t.module, sql`lower(${t.name})`), tenantPolicy()],
);
export type TagRow = typeof tags.$inferSelect;

/** Which tag is attached to which item (model 'article'). */
export const tagLinks = kbSchema.table(
  'tag_links',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    model: text('model').notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.model, t.itemId] }), index('tag_links_item_idx').on(t.model, t.itemId), tenantPolicy()],
);

export interface StoredLink {
  _id: string;
  title: string;
  url: string;
  order: number;
}

/** §3 links block (module, links, block_id): one per client, module and place (`block_id`). */
export const linksBlocks = kbSchema.table(
  'links_blocks',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    module: text('module').notNull(),
    blockId: text('block_id').notNull(),
    title: text('title'),
    active: boolean('active').notNull().default(true),
    links: jsonb('links').$type<StoredLink[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('links_blocks_place_uq').on(t.clientId, t.module, t.blockId), tenantPolicy()],
);
export type LinksBlockRow = typeof linksBlocks.$inferSelect;

/**
 * §3 Company AI data and the assistant's model connection (issue 37), one row per client: the seven texts, the
 * OpenAI-compatible base URL and model, and the key sealed like the HR-system password (sealSecret, aad =
 * `<client id>:assistant`). No row: empty data, and the installation's connection if configured.
 */
export const assistantSettings = kbSchema.table(
  'assistant_settings',
  {
    clientId: uuid('client_id').primaryKey(),
    generalPrompt: text('general_prompt').notNull().default(''),
    industry: text('industry').notNull().default(''),
    mission: text('mission').notNull().default(''),
    structure: text('structure').notNull().default(''),
    values: text('values').notNull().default(''),
    terminology: text('terminology').notNull().default(''),
    tone: text('tone').notNull().default(''),
    baseUrl: text('base_url').notNull().default(''),
    model: text('model').notNull().default(''),
    keySealed: text('key_sealed'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);
export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;
