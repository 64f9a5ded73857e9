import { peopleRoutes, type registerBody } from '@intranet/people-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/register (§7 Users, §5 Employee): creates an employee; the answer is the user. */
export const registerUser = (body: z.input<typeof registerBody>) => call(peopleRoutes.userRegister, { body, silent: true });
