import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/byUser/{id}/pending (§4 Group): user {id}'s pending requests and invitations. */
export const groupPendingQueryOptions = (userId: string) => routeQuery(socialKeys.groupPending(), socialRoutes.groupPending, { params: { id: userId } });
/** The caller's open requests and invitations (the catalogue's third tab). */
export const useMyPending = (userId: string | null, enabled = true) => useQuery({ ...groupPendingQueryOptions(userId ?? ''), enabled: !!userId && enabled });
