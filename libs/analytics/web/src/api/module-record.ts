import { analyticsRoutes } from '@intranet/analytics-contract';
import type { VisitOut } from '../activity.ts';
import { postKeepalive } from './keepalive.ts';

/** POST api/analytics/modules { visits } (§7 Analytics, §2 navigation rule): batched module visits, keep-alive. */
export const recordVisits = (visits: VisitOut[]) => postKeepalive(analyticsRoutes.moduleRecord, { visits });
