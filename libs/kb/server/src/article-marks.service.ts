import { Inject, Injectable } from '@nestjs/common';
import { kbEvents, type kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { ArticleSupport } from './article-support.service.ts';
import { FilesRepository } from './files.repository.ts';
import { MarksRepository } from './marks.repository.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** A user's own marks on kb nodes: views (§7 view) and favourites (addition to §7). */
@Injectable()
export class ArticleMarks {
  constructor(
    private readonly viewer: ViewerService,
    private readonly kit: ArticleSupport,
    private readonly files: FilesRepository,
    private readonly marks: MarksRepository,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /**
   * §7 PUT api/article/{id}/view/{user}: counts the caller's view once; every view writes evt.kb.article.viewed
   * (ids only; adaptation finishes the reader's article steps). Errors: 403 (someone else, grants), 404.
   */
  async view({ params }: In<'articleView'>, ctx: RequestContext) {
    if (params.user !== ctx.userId) throw Errors.noAccess();
    return this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id);
      const views = await this.marks.countView(tx, { articleId: row.id, userId: r.userId, clientId: r.clientId });
      await this.outbox.add(tx, kbEvents.articleViewed, r.clientId, { _id: row.id, userId: r.userId, userIds: [r.userId] });
      return { views: views ?? row.views, viewed: true };
    });
  }

  /**
   * PUT api/article/{id}/favourite {file?, favourite?} (addition to §7): marks or unmarks a favourite node or
   * attached file for the caller (toggles when `favourite` is absent). Errors: 404, 403.
   */
  favourite({ params, body }: In<'articleFavourite'>, ctx: RequestContext) {
    return this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id);
      const fileId = body.file ?? '';
      if (body.file && !(await this.files.isMarkable(tx, row.id, body.file))) throw Errors.notFound();
      const has = await this.marks.isFavourite(tx, r.userId, row.id, fileId);
      const want = body.favourite ?? !has;
      if (want && !has) await this.marks.addFavourite(tx, { userId: r.userId, clientId: r.clientId, articleId: row.id, fileId });
      if (!want && has) await this.marks.removeFavourite(tx, r.userId, row.id, fileId);
      return { favourite: want };
    });
  }
}
