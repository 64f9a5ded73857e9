import { useQuery } from '@tanstack/react-query';
import { structureRoutes, type DepartmentKind } from '@intranet/people-contract/structure';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/structure/byClient/{client}?kind (§7 Structure): the client's departments (one kind, or all), parents first. */
export const structureByClientQueryOptions = (clientId: string, kind?: DepartmentKind) =>
  routeQuery(peopleKeys.departments(clientId, kind ?? 'all'), structureRoutes.structureByClient, { params: { client: clientId }, query: kind ? { kind } : {} });
/** The departments of one kind (or all of them); loaded only when `enabled`. */
export const useDepartments = (clientId: string, kind: DepartmentKind | undefined, enabled: boolean) =>
  useQuery({ ...structureByClientQueryOptions(clientId, kind), enabled });
