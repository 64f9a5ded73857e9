import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { patchPost } from './cache.ts';

/** PUT api/post/{id} (§7 Posts): the author or an admin edits a post's text (mentions and attachments stay). */
export const updatePost = (v: { id: string; message: string }) =>
  call(socialRoutes.postUpdate, { params: { id: v.id }, body: { message: v.message }, silent: true });
/** Edits a post and puts it into every cached feed (the caller's liked/viewed stay). */
export function useUpdatePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updatePost, onSuccess: (p) => patchPost(qc, p._id, (old) => ({ ...p, liked: old.liked, viewed: old.viewed })) });
}
