import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import { call } from '@intranet/web-api';

/** PUT /api/mailing/stopJob/{workspace}_{action} (§7 Mailings): stops the mailing's job and sets it inactive. */
export const stopMailingJob = (workspace: string, action: string) => call(mailingRoutes.mailingStopJob, { params: { workspace, action }, silent: true });
