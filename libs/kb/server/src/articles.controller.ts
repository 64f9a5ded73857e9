import { Controller } from '@nestjs/common';
import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { ArticleCommands } from './article-commands.service.ts';
import { ArticleMarks } from './article-marks.service.ts';
import { ArticleQueries } from './article-queries.service.ts';

/** §7 Articles: the routes of kb nodes (folders, articles, file nodes, vacancies), one method per route key. */
@Controller()
export class ArticlesController {
  constructor(
    private readonly queries: ArticleQueries,
    private readonly commands: ArticleCommands,
    private readonly marks: ArticleMarks,
  ) {}

  @RouteHandler(kbRoutes.articleAccessFor)
  articleAccessFor(input: RouteInput<typeof kbRoutes.articleAccessFor>, ctx: RequestContext) {
    return this.queries.accessFor(input, ctx);
  }

  @RouteHandler(kbRoutes.articleBreadcrumbs)
  articleBreadcrumbs(input: RouteInput<typeof kbRoutes.articleBreadcrumbs>, ctx: RequestContext) {
    return this.queries.breadcrumbs(input, ctx);
  }

  @RouteHandler(kbRoutes.articleFullTree)
  articleFullTree(input: RouteInput<typeof kbRoutes.articleFullTree>, ctx: RequestContext) {
    return this.queries.fullTree(input, ctx);
  }

  @RouteHandler(kbRoutes.articleChild)
  articleChild(input: RouteInput<typeof kbRoutes.articleChild>, ctx: RequestContext) {
    return this.queries.child(input, ctx);
  }

  @RouteHandler(kbRoutes.articleGet)
  articleGet(input: RouteInput<typeof kbRoutes.articleGet>, ctx: RequestContext) {
    return this.queries.get(input, ctx);
  }

  @RouteHandler(kbRoutes.articleCreate)
  articleCreate(input: RouteInput<typeof kbRoutes.articleCreate>, ctx: RequestContext) {
    return this.commands.create(input, ctx);
  }

  @RouteHandler(kbRoutes.articleUpdate)
  articleUpdate(input: RouteInput<typeof kbRoutes.articleUpdate>, ctx: RequestContext) {
    return this.commands.update(input, ctx);
  }

  @RouteHandler(kbRoutes.articleDeepDelete)
  articleDeepDelete(input: RouteInput<typeof kbRoutes.articleDeepDelete>, ctx: RequestContext) {
    return this.commands.deepDelete(input, ctx);
  }

  @RouteHandler(kbRoutes.articleEmptyAsArticles)
  articleEmptyAsArticles(input: RouteInput<typeof kbRoutes.articleEmptyAsArticles>, ctx: RequestContext) {
    return this.commands.emptyAsArticles(input, ctx);
  }

  @RouteHandler(kbRoutes.articleOrder)
  articleOrder(input: RouteInput<typeof kbRoutes.articleOrder>, ctx: RequestContext) {
    return this.commands.order(input, ctx);
  }

  @RouteHandler(kbRoutes.articleRights)
  articleRights(input: RouteInput<typeof kbRoutes.articleRights>, ctx: RequestContext) {
    return this.commands.rights(input, ctx);
  }

  @RouteHandler(kbRoutes.articleView)
  articleView(input: RouteInput<typeof kbRoutes.articleView>, ctx: RequestContext) {
    return this.marks.view(input, ctx);
  }

  @RouteHandler(kbRoutes.articleFavourite)
  articleFavourite(input: RouteInput<typeof kbRoutes.articleFavourite>, ctx: RequestContext) {
    return this.marks.favourite(input, ctx);
  }
}
