import type { QueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { patchPost } from './cache.ts';

/** PUT api/post/all/view (§7 Posts, §4 Posts) for the posts of a feed page not viewed yet; the counts go into the cache. */
export function registerViews(qc: QueryClient, ids: string[], where: string): void {
  if (ids.length === 0) return;
  call(socialRoutes.postAllView, { body: { ids, where }, silent: true })
    .then((r) => {
      for (const p of r.posts) patchPost(qc, p._id, (x) => ({ ...x, views_count: p.views_count, viewed: true }));
    })
    .catch(() => undefined);
}
