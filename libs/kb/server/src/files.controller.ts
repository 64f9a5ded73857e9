import { Controller } from '@nestjs/common';
import { kbRoutes, kbSubjects } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler } from '@intranet/platform-host';
import { ArticleFiles } from './article-files.service.ts';
import { ArticleQueries } from './article-queries.service.ts';

/** §7 Articles' attached files, and the gateway's download check of kb and cv keys (kbSubjects.fileAccess). */
@Controller()
export class FilesController {
  constructor(
    private readonly files: ArticleFiles,
    private readonly queries: ArticleQueries,
  ) {}

  @RouteHandler(kbRoutes.articleAddFiles)
  articleAddFiles(input: RouteInput<typeof kbRoutes.articleAddFiles>, ctx: RequestContext) {
    return this.files.addFiles(input, ctx);
  }

  @RouteHandler(kbRoutes.articleDelFile)
  articleDelFile(input: RouteInput<typeof kbRoutes.articleDelFile>, ctx: RequestContext) {
    return this.files.delFile(input, ctx);
  }

  @RouteHandler(kbRoutes.articleDelFiles)
  articleDelFiles(input: RouteInput<typeof kbRoutes.articleDelFiles>, ctx: RequestContext) {
    return this.files.delFiles(input, ctx);
  }

  /** Bus-only: may the requester download this kb/cv key now (§6)? */
  @SubjectHandler(kbSubjects.fileAccess)
  fileAccess(input: { key: string }, ctx: RequestContext) {
    return this.queries.fileAccess(input, ctx);
  }
}
