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

  @RouteHandler(kbRoutes.accessFor)
  accessFor(input: RouteInput<typeof kbRoutes.accessFor>, ctx: RequestContext) {
    return this.queries.accessFor(input, ctx);
  }

  @RouteHandler(kbRoutes.breadcrumbs)
  breadcrumbs(input: RouteInput<typeof kbRoutes.breadcrumbs>, ctx: RequestContext) {
    return this.queries.breadcrumbs(input, ctx);
  }

  @RouteHandler(kbRoutes.fullTree)
  fullTree(input: RouteInput<typeof kbRoutes.fullTree>, ctx: RequestContext) {
    return this.queries.fullTree(input, ctx);
  }

  @RouteHandler(kbRoutes.child)
  child(input: RouteInput<typeof kbRoutes.child>, ctx: RequestContext) {
    return this.queries.child(input, ctx);
  }

  @RouteHandler(kbRoutes.get)
  get(input: RouteInput<typeof kbRoutes.get>, ctx: RequestContext) {
    return this.queries.get(input, ctx);
  }

  @RouteHandler(kbRoutes.create)
  create(input: RouteInput<typeof kbRoutes.create>, ctx: RequestContext) {
    return this.commands.create(input, ctx);
  }

  @RouteHandler(kbRoutes.update)
  update(input: RouteInput<typeof kbRoutes.update>, ctx: RequestContext) {
    return this.commands.update(input, ctx);
  }

  @RouteHandler(kbRoutes.deepDelete)
  deepDelete(input: RouteInput<typeof kbRoutes.deepDelete>, ctx: RequestContext) {
    return this.commands.deepDelete(input, ctx);
  }

  @RouteHandler(kbRoutes.emptyAsArticles)
  emptyAsArticles(input: RouteInput<typeof kbRoutes.emptyAsArticles>, ctx: RequestContext) {
    return this.commands.emptyAsArticles(input, ctx);
  }

  @RouteHandler(kbRoutes.order)
  order(input: RouteInput<typeof kbRoutes.order>, ctx: RequestContext) {
    return this.commands.order(input, ctx);
  }

  @RouteHandler(kbRoutes.rights)
  rights(input: RouteInput<typeof kbRoutes.rights>, ctx: RequestContext) {
    return this.commands.rights(input, ctx);
  }

  @RouteHandler(kbRoutes.view)
  view(input: RouteInput<typeof kbRoutes.view>, ctx: RequestContext) {
    return this.marks.view(input, ctx);
  }

  @RouteHandler(kbRoutes.favourite)
  favourite(input: RouteInput<typeof kbRoutes.favourite>, ctx: RequestContext) {
    return this.marks.favourite(input, ctx);
  }
}
