import type { QueryClient } from '@tanstack/react-query';
import { clientRoutes, type Client, type clientUpdate } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { sessionKeys } from '@intranet/web-session';
import { clientGetQueryOptions } from './client-get.ts';
import { clientKeys } from './keys.ts';

/** PUT /api/clients/{id} (§7 Clients): the sent fields change, the answer is the client after the change. */
export const updateClient = (id: string, body: z.input<typeof clientUpdate>) => call(clientRoutes.clientUpdate, { params: { id }, body, silent: true });

/** After a change: put the new client into the caches (its screen and the session's copy) and refresh the lists. */
export function clientChanged(qc: QueryClient, client: Client): void {
  qc.setQueryData(clientGetQueryOptions(client._id).queryKey, client);
  if (qc.getQueryData(sessionKeys.client(client._id))) qc.setQueryData(sessionKeys.client(client._id), client);
  void qc.invalidateQueries({ queryKey: clientKeys.lists() });
}
