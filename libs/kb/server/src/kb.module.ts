import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { ArticleCommands } from './article-commands.service.ts';
import { ArticleFiles } from './article-files.service.ts';
import { ArticleMarks } from './article-marks.service.ts';
import { ArticleQueries } from './article-queries.service.ts';
import { ArticleSupport } from './article-support.service.ts';
import { ArticlesController } from './articles.controller.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { AssistantController } from './assistant.controller.ts';
import { AssistantRepository } from './assistant.repository.ts';
import { AssistantRetrieval } from './assistant-retrieval.ts';
import { AssistantService } from './assistant.service.ts';
import { FileToolsService } from './file-tools.service.ts';
import { FilesController } from './files.controller.ts';
import { FilesRepository } from './files.repository.ts';
import { GrantsRepository } from './grants.repository.ts';
import { LinksController } from './links.controller.ts';
import { LinksRepository } from './links.repository.ts';
import { LinksService } from './links.service.ts';
import { MarksRepository } from './marks.repository.ts';
import { MembersController } from './members.controller.ts';
import { MembersProjection } from './members.projection.ts';
import { MembersRepository } from './members.repository.ts';
import { SearchRepository } from './search.repository.ts';
import { TagsController } from './tags.controller.ts';
import { TagsRepository } from './tags.repository.ts';
import { TagsService } from './tags.service.ts';
import { VacanciesController } from './vacancies.controller.ts';
import { VacancyResponsesRepository } from './vacancies.repository.ts';
import { VacanciesService } from './vacancies.service.ts';
import { peopleProvider, ViewerService } from './viewer.service.ts';
import { kbTenant } from './tenant.ts';
import { MaintenanceController } from './maintenance.controller.ts';

/**
 * The kb domain (DESIGN §2): knowledge base articles, folders and files, favourites, §6 access grants, vacancies
 * and their responses, tags and link blocks, full-text search, the AI assistant (issue 37); kb.members projects people's users for the grants.
 */
@Domain({
  name: 'kb',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'kb', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [
    kbTenant.controller,
    ArticlesController,
    FilesController,
    VacanciesController,
    TagsController,
    LinksController,
    MembersController,
    AssistantController,
    MaintenanceController,
  ],
  providers: [
    kbTenant.provider,
    peopleProvider,
    // Repositories: all of kb's SQL.
    ArticlesRepository,
    AssistantRepository,
    FilesRepository,
    GrantsRepository,
    LinksRepository,
    MarksRepository,
    MembersRepository,
    SearchRepository,
    TagsRepository,
    VacancyResponsesRepository,
    // Services and use cases.
    ViewerService,
    FileToolsService,
    ArticleSupport,
    ArticleQueries,
    ArticleCommands,
    ArticleFiles,
    ArticleMarks,
    VacanciesService,
    TagsService,
    LinksService,
    MembersProjection,
    AssistantRetrieval,
    AssistantService,
  ],
})
export class KbModule {}
