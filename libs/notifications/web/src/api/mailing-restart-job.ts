import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import { call } from '@intranet/web-api';

/** PUT /api/mailing/restartJob/{workspace}_{action} (§7 Mailings): (re)starts the mailing's job and sets it active. */
export const restartMailingJob = (workspace: string, action: string) => call(mailingRoutes.mailingRestartJob, { params: { workspace, action }, silent: true });
