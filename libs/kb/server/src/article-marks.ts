import type { kbRoutes } from '@intranet/kb-contract';
import type { RouteHandlers } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import type { ArticleKit } from './article-kit.ts';
import { articleFilesRepository, articleMarksRepository } from './repository.ts';

type MarkRoutes = Pick<typeof kbRoutes, 'view' | 'favourite'>;

/** A user's own marks on kb nodes: views (§7 view) and favourites (addition to §7). */
export function articleMarks(kit: ArticleKit): RouteHandlers<MarkRoutes> {
  const { run, open } = kit;
  return {
    /** §7 PUT api/article/{id}/view/{user}: counts the caller's view once. Errors: 403 (someone else, grants), 404. */
    view: async ({ params }, ctx) => {
      if (params.user !== ctx.userId) throw Errors.noAccess();
      return run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id);
        const views = await articleMarksRepository.countView(tx, { articleId: row.id, userId: r.userId, clientId: r.clientId });
        return { views: views ?? row.views, viewed: true };
      });
    },

    /**
     * PUT api/article/{id}/favourite {file?, favourite?} (addition to §7): marks or unmarks a favourite node or
     * attached file for the caller (toggles when `favourite` is absent). Errors: 404, 403.
     */
    favourite: async ({ params, body }, ctx) =>
      run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id);
        const fileId = body.file ?? '';
        if (body.file && !(await articleFilesRepository.isMarkable(tx, row.id, body.file))) throw Errors.notFound();
        const has = await articleMarksRepository.isFavourite(tx, r.userId, row.id, fileId);
        const want = body.favourite ?? !has;
        if (want && !has) await articleMarksRepository.addFavourite(tx, { userId: r.userId, clientId: r.clientId, articleId: row.id, fileId });
        if (!want && has) await articleMarksRepository.removeFavourite(tx, r.userId, row.id, fileId);
        return { favourite: want };
      }),
  };
}
