import { analyticsRoutes } from '@intranet/analytics-contract';
import type { SessionOut } from '../activity.ts';
import { postKeepalive } from './keepalive.ts';

/** POST api/analytics/visitors { sessions } (§7 Analytics, §4): the shell's batched session reports, keep-alive. */
export const recordSessions = (sessions: SessionOut[]) => postKeepalive(analyticsRoutes.sessionRecord, { sessions });
