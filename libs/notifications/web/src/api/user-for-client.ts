import { useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET the client's employees (people's route `forClient`): the choice of the employee administration's notifications tab. */
export const userForClientQueryOptions = (clientId: string) =>
  routeQuery(notificationKeys.employees(clientId), peopleRoutes.userForClient, { params: { clientId } });
/** The client's employees; not asked while `clientId` is empty. */
export const useEmployees = (clientId: string) => useQuery({ ...userForClientQueryOptions(clientId), enabled: !!clientId });
