import { tenantPart } from '@intranet/platform-host';
import * as schema from './schema.ts';
import { aclVersions } from './schema.ts';

/**
 * The kb domain's part of a workspace's whole life (issue 36, DESIGN §6): count, delete, export (NDJSON pages),
 * import under a new client with every id remapped, and the storage keys referenced, over every tenant table of
 * schema.ts (tenantTables: parents first by foreign key). The ACL version row is kept by triggers: not imported
 * (the imported articles bump it), deleted by its SECURITY DEFINER purge.
 */
export const kbTenant = tenantPart('kb', schema, [[aclVersions, { skipImport: true, purge: 'kb.purge_acl_versions' }]]);
