import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { dropComment } from './cache.ts';

/** DELETE api/comment/{id} (§7 Comments): a comment with its answers (author or admin). */
export const deleteComment = (id: string) => call(socialRoutes.commentDelete, { params: { id } });
/** Deletes a comment of post `postId` and drops it from the cached full post. */
export function useDeleteComment(postId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteComment, onSuccess: (r) => dropComment(qc, postId, r._id, r.comments_count) });
}
