import { useQueryClient } from '@tanstack/react-query';
import { z } from '@intranet/platform-contracts';
import type { FeedPost } from '@intranet/social-contract';
import type { Board, Task } from '@intranet/tasks-contract';
import { ApiFormView, FormError, FormField, useApiForm } from '@intranet/web-forms';
import { useRealtimeEvent } from '@intranet/web-session';
import { Alert, Button, Loader } from '@intranet/web-ui';
import { taskKeys } from './api/keys.ts';
import { createTaskComment } from './api/post-create.ts';
import { deletePost } from './api/post-delete.ts';
import { useTaskComments } from './api/post-query.ts';
import { errorText, useFormatDate, useMe } from './common.tsx';
import { tasksText } from './locales.ts';

/** The comment form: its text as typed (sent as the wall's message HTML; an empty one is not sent). */
const commentSchema = z.object({ text: z.string() });

/** The visible text of a sanitised message (the server keeps HTML; the drawer shows it as text). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Plain text as the message HTML the wall stores (escaped; line breaks kept as paragraphs). */
function toHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n+/)
    .filter((l) => l.trim())
    .map((l) => `<p>${esc(l)}</p>`)
    .join('');
}

/** Whether the caller may comment the task (§6): owner, admins, `comment` members, performers — on an active board. */
export function canComment(task: Task, board: Board): boolean {
  return board.status === 'active' && (board.my_role !== 'view' || task.can !== 'view');
}

/**
 * The comments of a task (§3 Comment / Post with parent type `task`, stored by the wall: GET api/post?parent_type=task
 * &parent_id, POST api/post with parent task, DELETE api/post/{id} for one's own), oldest first, live through
 * evt.social.post.*. The form shows only to those who may comment (the server checks again).
 */
export function TaskComments({ task, board }: { task: Task; board: Board }) {
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const fmt = useFormatDate();
  const { uid } = useMe();
  const q = useTaskComments(task._id);
  const refresh = (p: { post?: FeedPost; parent?: { id: string | null } } | undefined) => {
    const parentId = p?.post?.parent.id ?? p?.parent?.id;
    if (parentId === task._id) void qc.invalidateQueries({ queryKey: taskKeys.comments(task._id) });
  };
  useRealtimeEvent('evt.social.post.created', refresh);
  useRealtimeEvent('evt.social.post.deleted', refresh);

  const form = useApiForm({
    schema: commentSchema,
    defaultValues: { text: '' },
    // The wall's message errors are the text's.
    serverField: (f) => (f === 'message' ? 'text' : null),
    onSubmit: async ({ text }) => {
      if (!text.trim()) return;
      await createTaskComment(task._id, toHtml(text));
      form.reset({ text: '' });
      await qc.invalidateQueries({ queryKey: taskKeys.comments(task._id) });
    },
  });
  const text = form.watch('text');
  const remove = async (id: string) => {
    form.setFormError(null);
    try {
      await deletePost(id);
      await qc.invalidateQueries({ queryKey: taskKeys.comments(task._id) });
    } catch (e) {
      form.setFormError(errorText(e));
    }
  };

  const posts = q.data ? [...q.data.posts].reverse() : [];
  return (
    <fieldset className="tt-comments" data-testid="task-comments">
      <legend>{t('comments')}</legend>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <Alert>{errorText(q.error)}</Alert>
      ) : posts.length === 0 ? (
        <p className="tt-muted">{t('noComments')}</p>
      ) : (
        <ul className="tt-comment-list">
          {posts.map((p) => (
            <li key={p._id} className="tt-comment" data-testid={`task-comment-${p._id}`}>
              <div className="tt-muted">
                <strong>{p.author.fullName}</strong> · {fmt(p.created, true)}
              </div>
              <div className="tt-comment__text">{textOf(p.message)}</div>
              {p.author._id === uid ? (
                <Button size="tiny" variant="ghost" onClick={() => void remove(p._id)} aria-label={t('deleteComment')}>
                  ×
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canComment(task, board) ? (
        <ApiFormView form={form} className="tt-comment-form">
          <FormField form={form} name="text" id="task-comment-text" label={t('newComment')} rows={2} wide />
          <Button type="submit" size="small" loading={form.busy} disabled={!text.trim()} data-testid="task-comment-send">
            {t('send')}
          </Button>
        </ApiFormView>
      ) : (
        <FormError form={form} />
      )}
    </fieldset>
  );
}
