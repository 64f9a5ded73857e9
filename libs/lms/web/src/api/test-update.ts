import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/test/{id}: settings and questions (refused once the test has passes). */
export const updateTest = (id: string, body: z.input<typeof lmsRoutes.testUpdate.body>) => call(lmsRoutes.testUpdate, { params: { id }, body, silent: true });
