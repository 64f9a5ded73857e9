import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { setFollowState } from './cache.ts';
import { unfollowUser } from './follow-remove.ts';

/** POST api/follow (§7 Follow): follow a colleague. */
export const followUser = (userId: string) => call(socialRoutes.followAdd, { body: { user_id: userId } });
/** Follows or unfollows; the answer's state goes into the profile feed's cache. */
export function useFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { user_id: string; follow: boolean }) => (v.follow ? followUser(v.user_id) : unfollowUser(v.user_id)),
    onSuccess: (r) => setFollowState(qc, r.user_id, { following: r.following, followers: r.followers }),
  });
}
