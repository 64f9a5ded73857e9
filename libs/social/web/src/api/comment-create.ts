import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes, type AttachmentInput } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { addComment } from './cache.ts';
import { socialKeys } from './keys.ts';

/** What a comment or an answer carries (an uploaded attachment or none). */
export type CommentInput = { parent_type: 'post' | 'comment'; parent_id: string; message: string; mentions?: string[]; attachment?: AttachmentInput | null };

/** POST api/comment (§7 Comments): a comment on a post or an answer to a comment. */
export const createComment = (body: CommentInput) => call(socialRoutes.commentCreate, { body, silent: true });
/** Comments post `postId`; the new comment goes into the cached full post, then it is reloaded. */
export function useAddComment(postId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (c) => {
      addComment(qc, postId, c, 'added');
      void qc.invalidateQueries({ queryKey: socialKeys.post(postId) });
    },
  });
}
