import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/idp: a plan for an employee (the caller is its creator). */
export const createIdp = (body: z.input<typeof lmsRoutes.idpCreate.body>) => call(lmsRoutes.idpCreate, { body, silent: true });
