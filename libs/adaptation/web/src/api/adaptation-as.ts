import { useQuery } from '@tanstack/react-query';
import { adaptationRoutes, type AdaptRole } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/adaptation/on/{adapt_id}/as/{role}: an adaptation as one role sees it (that role's scenario). */
export const adaptationAsQueryOptions = (id: string, role: AdaptRole) =>
  routeQuery(adaptationKeys.adaptation(id, role), adaptationRoutes.adaptationAs, { params: { adapt_id: id, role } });
/** One role's view of the adaptation (`enabled` false asks nothing). */
export const useAdaptationAs = (id: string, role: AdaptRole, enabled = true) => useQuery({ ...adaptationAsQueryOptions(id, role), enabled });
