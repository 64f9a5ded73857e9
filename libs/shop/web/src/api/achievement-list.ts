import { useQuery } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { routeQuery } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** GET api/shop/{client}/achievements. */
export const achievementListQueryOptions = (client: string) => routeQuery(shopKeys.achievements(client), shopRoutes.achievementList, { params: { client } });
export const useAchievements = (client: string) => useQuery(achievementListQueryOptions(client));
