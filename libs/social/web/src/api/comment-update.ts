import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { patchComment } from './cache.ts';

/** PUT api/comment/{id} (§7 Comments): the author or an admin edits a comment's or answer's text. */
export const updateComment = (v: { id: string; message: string }) =>
  call(socialRoutes.commentUpdate, { params: { id: v.id }, body: { message: v.message }, silent: true });
/** Edits a comment of post `postId` and puts the answer into the cached full post (its answers stay). */
export function useUpdateComment(postId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateComment, onSuccess: (c) => patchComment(qc, postId, c._id, (old) => ({ ...c, answers: old.answers })) });
}
