import { fileURLToPath } from 'node:url';
import { kbRoutes, kbSubjects } from '@intranet/kb-contract';
import { bindRoutes } from '@intranet/platform-bus';
import type { DomainModule } from '@intranet/platform-host';
import { articleHandlers } from './articles.ts';
import { linkHandlers } from './links.ts';
import { subscribeMembers } from './projection.ts';
import { tagHandlers } from './tags.ts';

export { articles, files, favourites, views, members, tags, tagLinks, linksBlocks, vacancyResponses } from './schema.ts';
export { articlesRepository } from './repository.ts';
export { seedArticles, type SeedOptions } from './seed.ts';
export { workingTimeOf, HEAD_ROLE, createAclCache, aclKey } from './access.ts';
export { sanitizeRichText } from './sanitize.ts';

/**
 * The kb domain (DESIGN §2): knowledge base articles, folders and files, favourites, §6 access grants, vacancies
 * and their responses, tags and link blocks, full-text search.
 */
export const kbModule: DomainModule = {
  name: 'kb',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'kb', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  register(deps) {
    const { tools: _tools, fileAccess, ...articlesH } = articleHandlers(deps);
    bindRoutes(deps.bus, kbRoutes, { ...articlesH, ...tagHandlers(deps), ...linkHandlers(deps) });
    deps.bus.handle(kbSubjects.fileAccess, async ({ ctx, input }) => fileAccess(input as { key: string }, ctx));
  },
  /** The people projection's durable consumer needs the event stream, which exists once the bus started. */
  async afterStart(deps) {
    await subscribeMembers(deps);
  },
};
