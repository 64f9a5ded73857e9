import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/post/{id} (§7 Posts): one post with comments, likes and views. */
export const postGetQueryOptions = (id: string) => routeQuery(socialKeys.post(id), socialRoutes.postGet, { params: { id } });
/** The exact cache key of a full post (the cache helpers read and write it). */
export const fullPostKey = (id: string) => postGetQueryOptions(id).queryKey;
/** One full post; `fresh` refetches on mount even when cached. */
export const usePost = (id: string, enabled = true, fresh = false) =>
  useQuery({ ...postGetQueryOptions(id), enabled, refetchOnMount: fresh ? 'always' : true });
