import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/tag/{client_id}/kb (§7 Tags): the client's kb tags. `clientId` null: no query. */
export const tagListQueryOptions = (clientId: string | null) => ({
  ...routeQuery(kbKeys.tags(), kbRoutes.tagList, { params: { client_id: clientId ?? '', module: 'kb' } }),
  enabled: !!clientId,
});
/** The tags of the knowledge base (the tag filter). */
export const useKbTags = (clientId: string | null) => useQuery(tagListQueryOptions(clientId));
