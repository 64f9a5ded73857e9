import type { QueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { patchPost } from './cache.ts';

/** PUT api/post/{id}/view (§7 Posts, §4 Posts): registers the caller's view (once per user; the server keeps it idempotent). */
export function registerView(qc: QueryClient, id: string, where: string): void {
  call(socialRoutes.postView, { params: { id }, body: { where }, silent: true })
    .then((r) => patchPost(qc, r._id, (p) => ({ ...p, views_count: r.views_count, viewed: true })))
    .catch(() => undefined);
}
