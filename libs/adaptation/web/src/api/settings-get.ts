import { useQuery } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/adaptation/{client_id}/settings (HR): time zone and hour steps open at, probation length. */
export const settingsGetQueryOptions = (clientId: string) =>
  routeQuery(adaptationKeys.settings(clientId), adaptationRoutes.settingsGet, { params: { client_id: clientId } });
/** The client's adaptation settings. */
export const useAdaptSettings = (clientId: string) => useQuery({ ...settingsGetQueryOptions(clientId), enabled: !!clientId });
