import { useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** People's GET api/user/{id} (§7 Users): a profile. */
export const peopleGetQueryOptions = (id: string) => routeQuery(socialKeys.user(id), peopleRoutes.userGet, { params: { id } });
/** The exact cache key of a profile (a pin or profile change writes the new user there). */
export const profileKey = (id: string) => peopleGetQueryOptions(id).queryKey;
/** A profile. */
export const useUser = (id: string) => useQuery(peopleGetQueryOptions(id));
