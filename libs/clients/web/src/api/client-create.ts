import { clientRoutes, type clientCreate } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/clients (§7 Clients, superadmin): creates the client (workspace); the answer is the new client. */
export const createClient = (body: z.input<typeof clientCreate>) => call(clientRoutes.clientCreate, { body, silent: true });
