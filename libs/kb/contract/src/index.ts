/**
 * The knowledge base's API as data (DESIGN §4): §3 Knowledge base article/folder/file and vacancy, Tag, Link block;
 * the §7 Articles, Tags and Link blocks routes; the §5 texts and codes; the events. Split into codes.ts (KB_ERRORS,
 * KB_TEXT), schemas.ts, routes.ts (kbRoutes, kbSubjects) and events.ts (kbEvents).
 */
export * from './codes.ts';
export {
  ARTICLE_TYPES,
  ARTICLE_SECTIONS,
  GRANT_TARGETS,
  GRANT_LEVELS,
  WORKING_TIME,
  grantSchema,
  fileRef,
  fileOut,
  ARTICLE_BODY_LIMIT,
  textOf,
  articleIssues,
  articleCreate,
  articleUpdate,
  articleSchema,
  articleListItem,
  treeNode,
  accessForQuery,
  tagSchema,
  TAG_MODELS,
  linkInput,
  linksBlockSchema,
} from './schemas.ts';
export type { Grant, FileRef, Article, ArticleListItem, TreeNode } from './schemas.ts';
export * from './routes.ts';
export * from './events.ts';
export * from './assistant.ts';
