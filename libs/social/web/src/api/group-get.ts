import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/{id} (§7 Groups): one group with the caller's state (404 for a private group the caller is not in). */
export const groupGetQueryOptions = (id: string) => routeQuery(socialKeys.group(id), socialRoutes.groupGet, { params: { id } });
/** One group (the group page and every post's "in group X" label share it). */
export const useGroup = (id: string) => useQuery({ ...groupGetQueryOptions(id), enabled: !!id });
/** A group's name for a post's "in group X" label: kept a minute, not retried (a private group answers 404). */
export const useGroupPreview = (id: string) => useQuery({ ...groupGetQueryOptions(id), staleTime: 60_000, retry: false });
