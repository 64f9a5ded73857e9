import { fileURLToPath } from 'node:url';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { kbRoutes, kbSubjects } from '@intranet/kb-contract';
import type { BusEvent, EventHandler, RouteHandlers } from '@intranet/platform-bus';
import { Domain, DOMAIN_DEPS, RouteController, SubjectController, type DomainDeps, type SubjectHandlers } from '@intranet/platform-host';
import { articleHandlers } from './articles.ts';
import { linkHandlers } from './links.ts';
import { membersProjection } from './projection.ts';
import { tagHandlers } from './tags.ts';

export { articles, files, favourites, views, members, tags, tagLinks, linksBlocks, vacancyResponses } from './schema.ts';
export { articlesRepository } from './repository.ts';
export { seedArticles, type SeedOptions } from './seed.ts';
export { workingTimeOf, HEAD_ROLE, createAclCache, aclKey } from './access.ts';
export { sanitizeRichText } from './sanitize.ts';

/** Provider tokens: the article handlers (routes plus the bus-only file check), the route map, the subject map. */
export const KB_ARTICLES = 'kb:articles';
export const KB_ROUTES = 'kb:routes';
export const KB_SUBJECTS = 'kb:subjects';
export const KB_MEMBERS_PROJECTION = 'kb:membersProjection';

/** kb's projection of people's users (kb.members, the grants' view of employees): a durable consumer. */
@Controller()
export class KbProjectionController {
  constructor(@Inject(KB_MEMBERS_PROJECTION) private readonly members: EventHandler) {}

  /** evt.people.user.* → kb.members; durable `kb-users`, replayed from the stream's start when first created. */
  @EventPattern('evt.people.user.*', { durable: 'kb-users', replay: true })
  onPeopleUser(evt: BusEvent): Promise<void> {
    return this.members(evt);
  }
}

type Articles = ReturnType<typeof articleHandlers>;

/**
 * The kb domain (DESIGN §2): knowledge base articles, folders and files, favourites, §6 access grants, vacancies
 * and their responses, tags and link blocks, full-text search.
 */
@Domain({
  name: 'kb',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'kb', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    { provide: KB_ARTICLES, useFactory: articleHandlers, inject: [DOMAIN_DEPS] },
    {
      provide: KB_ROUTES,
      useFactory: ({ tools: _tools, fileAccess: _fileAccess, ...articles }: Articles, deps: DomainDeps): RouteHandlers<typeof kbRoutes> => ({
        ...articles,
        ...tagHandlers(deps),
        ...linkHandlers(deps),
      }),
      inject: [KB_ARTICLES, DOMAIN_DEPS],
    },
    {
      provide: KB_SUBJECTS,
      useFactory: ({ fileAccess }: Articles): SubjectHandlers<typeof kbSubjects> => ({ fileAccess }),
      inject: [KB_ARTICLES],
    },
    { provide: KB_MEMBERS_PROJECTION, useFactory: membersProjection, inject: [DOMAIN_DEPS] },
  ],
  controllers: [RouteController('KbRoutes', kbRoutes, KB_ROUTES), SubjectController('KbSubjects', kbSubjects, KB_SUBJECTS), KbProjectionController],
})
export class KbModule {}
