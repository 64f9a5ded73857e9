import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tasksText } from './locales.ts';
import { socialRoutes, type FeedPost } from '@intranet/social-contract';
import type { Board, Task } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';
import { useRealtimeEvent } from '@intranet/web-session';
import { Alert, Button, Loader, TextArea } from '@intranet/web-ui';
import { errorText, useFormatDate, useMe } from './common.tsx';

const commentsKey = (taskId: string) => ['tasks', 'comments', taskId] as const;

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
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const q = useQuery({
    queryKey: commentsKey(task._id),
    queryFn: ({ signal }) => call(socialRoutes.postQuery, { query: { parent_type: 'task', parent_id: task._id, limit: 100 }, signal, silent: true }),
  });
  const refresh = (p: { post?: FeedPost; parent?: { id: string | null } } | undefined) => {
    const parentId = p?.post?.parent.id ?? p?.parent?.id;
    if (parentId === task._id) void qc.invalidateQueries({ queryKey: commentsKey(task._id) });
  };
  useRealtimeEvent('evt.social.post.created', refresh);
  useRealtimeEvent('evt.social.post.deleted', refresh);

  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await call(socialRoutes.postCreate, { body: { message: toHtml(text), parent: { type: 'task', id: task._id } }, silent: true });
      setText('');
      await qc.invalidateQueries({ queryKey: commentsKey(task._id) });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    try {
      await call(socialRoutes.postDelete, { params: { id }, silent: true });
      await qc.invalidateQueries({ queryKey: commentsKey(task._id) });
    } catch (e) {
      setError(e);
    }
  };

  const posts = q.data ? [...q.data.posts].reverse() : [];
  return (
    <fieldset className="tt-comments" data-testid="task-comments">
      <legend>{t('comments')}</legend>
      {error ? <Alert>{errorText(error)}</Alert> : null}
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
        <form
          className="tt-comment-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <TextArea label={t('newComment')} value={text} onChange={(e) => setText(e.target.value)} rows={2} wide data-testid="task-comment-text" />
          <Button type="submit" size="small" disabled={busy || !text.trim()} data-testid="task-comment-send">
            {t('send')}
          </Button>
        </form>
      ) : null}
    </fieldset>
  );
}
