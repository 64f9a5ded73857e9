import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { removePost } from './cache.ts';

/** DELETE api/post/{id} (§7 Posts): a post with its comments, likes, views and files (author or admin). */
export const deletePost = (id: string) => call(socialRoutes.postDelete, { params: { id } });
/** Deletes a post and removes it from every cached feed. */
export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: (r) => removePost(qc, r._id) });
}
