import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/clients/{id}/all_thanks (§7 Clients): the newest `limit` thank-you posts of a client. */
export const thanksAllQueryOptions = (clientId: string, limit: number) =>
  routeQuery(socialKeys.thanks(), socialRoutes.thanksAll, { params: { id: clientId }, query: { page: 1, limit } });
/** The thanks widget's posts. */
export const useThanks = (clientId: string | null, limit = 5) => useQuery({ ...thanksAllQueryOptions(clientId ?? '', limit), enabled: !!clientId });
