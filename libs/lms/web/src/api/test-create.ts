import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/test: a test with its questions (§5 Test checked by the server). */
export const createTest = (body: z.input<typeof lmsRoutes.testCreate.body>) => call(lmsRoutes.testCreate, { body, silent: true });
