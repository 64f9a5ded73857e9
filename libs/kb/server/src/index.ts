export { KbModule } from './kb.module.ts';
export { articles, files, favourites, views, members, tags, tagLinks, linksBlocks, vacancyResponses } from './schema.ts';
export { seedArticles, type SeedOptions } from './seed.ts';
export { workingTimeOf, HEAD_ROLE, aclKey, grantLevelOf, type GrantSubject } from './access.ts';
export { createAclCache } from './acl-cache.ts';
export { sanitizeRichText } from './sanitize.ts';
