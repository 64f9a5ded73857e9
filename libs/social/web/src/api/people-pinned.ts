import { useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** People's GET api/user/pinned/{clientId} (§4 pins): the client's pinned employees in slot order. */
export const peoplePinnedQueryOptions = (clientId: string) => routeQuery(socialKeys.pinned(), peopleRoutes.userPinned, { params: { clientId } });
/** The pinned employees of the current client. */
export const usePinned = (clientId: string | null) => useQuery({ ...peoplePinnedQueryOptions(clientId ?? ''), enabled: !!clientId });
