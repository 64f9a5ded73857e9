import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** DELETE api/test/{id}. */
export const deleteTest = (id: string) => call(lmsRoutes.testDelete, { params: { id }, silent: true });
