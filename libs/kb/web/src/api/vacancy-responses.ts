import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/article/{id}/responses: the responses to vacancy `id` (the vacancy's receivers and managers). */
export const vacancyResponsesQueryOptions = (id: string) => routeQuery(kbKeys.responses(id), kbRoutes.vacancyResponses, { params: { id } });
/** The responses list of a vacancy page. */
export const useVacancyResponses = (id: string) => useQuery(vacancyResponsesQueryOptions(id));
