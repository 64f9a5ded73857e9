import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST /api/post with parent task (§3 Comment): a comment on a task; `html` is the wall's message HTML. */
export const createTaskComment = (taskId: string, html: string) =>
  call(socialRoutes.postCreate, { body: { message: html, parent: { type: 'task', id: taskId } }, silent: true });
