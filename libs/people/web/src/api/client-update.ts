import type { QueryClient } from '@tanstack/react-query';
import { clientRoutes, type Client, type clientUpdate } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { sessionKeys } from '@intranet/web-session';
import { clientGetQueryOptions } from './client-get.ts';
import { peopleKeys } from './keys.ts';

/** PUT /api/clients/{id} (§7 Clients): the sent fields change, the answer is the client after the change. */
export const updateClient = (id: string, body: z.input<typeof clientUpdate>) => call(clientRoutes.clientUpdate, { params: { id }, body, silent: true });

/** After a save: the settings tab's query and the session's copy take the client; the clients web's lists reload. */
export function clientSaved(qc: QueryClient, client: Client): void {
  qc.setQueryData(clientGetQueryOptions(client._id).queryKey, client);
  qc.setQueryData(sessionKeys.client(client._id), client);
  void qc.invalidateQueries({ queryKey: peopleKeys.clientsWeb });
}
