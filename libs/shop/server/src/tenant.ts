import { tenantPart } from '@intranet/platform-host';
import * as schema from './schema.ts';

/**
 * The shop domain's part of a workspace's whole life (issue 36, DESIGN §6): count, delete, export (NDJSON pages),
 * import under a new client with every id remapped, and the storage keys referenced, over every tenant table of
 * schema.ts (tenantTables: parents first by foreign key).
 */
export const shopTenant = tenantPart('shop', schema);
