import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/links_block/{client_id}/kb (§7 Link blocks): the kb module's link blocks. `clientId` null: no query. */
export const linksListQueryOptions = (clientId: string | null) => ({
  ...routeQuery(kbKeys.links(), kbRoutes.linksList, { params: { client_id: clientId ?? '', module: 'kb' } }),
  enabled: !!clientId,
});
/** The link blocks of the knowledge base (the links panel). */
export const useLinkBlocks = (clientId: string | null) => useQuery(linksListQueryOptions(clientId));
