import { tenantPart } from '@intranet/platform-host';
import * as schema from './schema.ts';
import { mailings, telegramBots, telegramCodes } from './schema.ts';

/**
 * The notifications domain's part of a workspace's whole life (issue 36, DESIGN §6): count, delete, export (NDJSON pages),
 * import under a new client with every id remapped, and the storage keys referenced, over every tenant table of
 * schema.ts (tenantTables: parents first by foreign key). A Telegram bot and its link codes belong to one workspace only; a mailing names the new workspace.
 */
export const notificationsTenant = tenantPart('notifications', schema, [
  [telegramBots, { skipImport: true }],
  [telegramCodes, { skipImport: true }],
  [mailings, { rewrite: (row, target) => ({ ...row, workspace: target.workspace }) }],
]);
