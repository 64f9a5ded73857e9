import type { FileAccessAnswer } from '@intranet/files-contract';
import type { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { DomainDeps } from '@intranet/platform-host';
import { articleCommands } from './article-commands.ts';
import { articleFiles } from './article-files.ts';
import { makeArticleKit } from './article-kit.ts';
import { articleMarks } from './article-marks.ts';
import { articleQueries } from './article-queries.ts';
import type { FileTools } from './files.ts';
import { vacancyHandlers } from './vacancies.ts';

type ArticleRoutes = Pick<
  typeof kbRoutes,
  | 'accessFor'
  | 'breadcrumbs'
  | 'fullTree'
  | 'child'
  | 'get'
  | 'create'
  | 'update'
  | 'deepDelete'
  | 'addFiles'
  | 'delFile'
  | 'delFiles'
  | 'emptyAsArticles'
  | 'order'
  | 'vacRespond'
  | 'responses'
  | 'view'
  | 'rights'
  | 'favourite'
>;

/**
 * Articles, folders, file nodes and vacancies (§7 Articles, §5 Knowledge base and Vacancy, §6 Access grants): the
 * handlers of article-queries (reads), article-commands (writes), article-files, article-marks (views,
 * favourites) and vacancies over one shared kit (article-kit); their SQL lives in repository.ts.
 */
export function articleHandlers(deps: DomainDeps): RouteHandlers<ArticleRoutes> & {
  tools: FileTools;
  fileAccess: (input: { key: string }, ctx: RequestContext) => Promise<FileAccessAnswer>;
} {
  const kit = makeArticleKit(deps);
  return {
    tools: kit.ft,
    ...articleQueries(kit),
    ...articleCommands(kit),
    ...articleFiles(kit),
    ...articleMarks(kit),
    ...vacancyHandlers(kit),
  };
}
