import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { patchComment, patchPost } from './cache.ts';

/** POST api/post/like (§7 Posts): toggles the caller's like on a post, comment or answer. */
export const toggleLike = (v: { like_type: 'post' | 'comment' | 'answer'; id: string }) =>
  call(socialRoutes.postLike, { body: { like_type: v.like_type, id: v.id } });
/** A like toggle; the answer's count goes into the cached post or comment. */
export function useLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    onSuccess: (r) => {
      if (r.like_type === 'post') patchPost(qc, r.post_id, (p) => ({ ...p, liked: r.liked, likes_count: r.likes_count }));
      else patchComment(qc, r.post_id, r.target_id, (c) => ({ ...c, liked: r.liked, likes_count: r.likes_count }));
    },
  });
}
