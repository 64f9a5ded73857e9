import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** DELETE api/idp/{id} (its creator, administrators). */
export const deleteIdp = (id: string) => call(lmsRoutes.idpDelete, { params: { id }, silent: true });
