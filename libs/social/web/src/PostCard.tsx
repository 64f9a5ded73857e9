import { useMemo, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { wallText } from './locales.ts';
import type { UploadedFile } from '@intranet/files-contract';
import { COMMENT_FILE_LIMIT, socialRoutes, type Comment, type FeedPost } from '@intranet/social-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { errorText, useErrorText } from '@intranet/web-i18n';
import { useDraft, useSession } from '@intranet/web-session';
import { Alert, Button, ConfirmDialog, EmptyState, ErrorState, Loader, Modal, TextArea } from '@intranet/web-ui';
import { Attachments, Avatar, formatDate, SystemAvatar } from './common.tsx';
import { GroupLabel } from './GroupLabel.tsx';
import { useAddComment } from './api/comment-create.ts';
import { useDeleteComment } from './api/comment-delete.ts';
import { useUpdateComment } from './api/comment-update.ts';
import { useDeletePost } from './api/post-delete.ts';
import { usePost } from './api/post-get.ts';
import { useLike } from './api/post-like.ts';
import { useUpdatePost } from './api/post-update.ts';
import { liveMentions, MentionTextArea } from './mentions.tsx';
import { toHtml, toText, type Person } from './text.ts';
import { attachmentOf, UploadProgress, useUpload } from './upload.tsx';

/** The message HTML as the service stored it (sanitised server-side, §4 Posts). */
function Message({ html, testId }: { html: string; testId: string }) {
  return <div className="wall-message" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

type CommentDraft = { text: string; mentions: Person[] };

/**
 * A comment form (comment on a post or answer to a comment) with one optional file, uploaded before saving (§7
 * Upload, kind `comment`, at most 20 MB) with a progress bar. One `useApiForm` over the contract's commentCreate
 * body (fed by the draft): the message's error — the schema's or the server's — under the text in the user's
 * language, others above it.
 */
function CommentForm({
  postId,
  parentType,
  parentId,
  placeholder,
  onDone,
}: {
  postId: string;
  parentType: 'post' | 'comment';
  parentId: string;
  placeholder: string;
  onDone?: () => void;
}) {
  const { t } = wallText.useT();
  // Kept per user in local storage (issue 8 §4), like the post composer.
  const [draft, setDraft, clearDraft] = useDraft<CommentDraft>(`wall:comment:${parentType}:${parentId}`, { text: '', mentions: [] }, (d) => !d.text.trim());
  const { text } = draft;
  const setText = (v: string) => setDraft((d) => ({ ...d, text: v }));
  const [file, setFile] = useState<UploadedFile | null>(null);
  // The refused upload (a §8 code with params), worded at render so a language switch rewords it.
  const [fileError, setFileError] = useState<unknown>(null);
  const word = useErrorText();
  const add = useAddComment(postId);
  const up = useUpload('comment', COMMENT_FILE_LIMIT);
  const tid = parentType === 'post' ? `comment-input-${postId}` : `answer-input-${parentId}`;
  const bodyOf = (d: CommentDraft) => {
    const ments = liveMentions(d.text, d.mentions);
    return {
      parent_type: parentType,
      parent_id: parentId,
      message: toHtml(d.text, ments),
      mentions: ments.map((m) => m.id),
      attachment: file ? attachmentOf(file) : null,
    };
  };
  const schema = useMemo(
    () => z.preprocess((d) => bodyOf(d as CommentDraft), socialRoutes.commentCreate.body) as unknown as z.ZodType<Record<string, unknown>, CommentDraft>,
    // bodyOf reads the attached file and the parent
    [file, parentType, parentId],
  );
  const form = useApiForm({
    schema,
    defaultValues: { text: '', mentions: [] },
    values: draft,
    serverField: (f) => (f === 'message' ? 'message' : null),
    onSubmit: async () => {
      await add.mutateAsync(bodyOf(draft));
      clearDraft();
      setFile(null);
      onDone?.();
    },
  });
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const list = [...(e.target.files ?? [])].slice(0, 1);
    e.target.value = '';
    setFileError(null);
    try {
      const [stored] = await up.start(list);
      if (stored) setFile(stored);
    } catch (err) {
      setFileError(err);
    }
  };
  return (
    <ApiFormView form={form} errorTestId={`${tid}-error`}>
      <div className="wall-inline">
        <MentionTextArea
          id={tid}
          label={<span className="ui-visually-hidden">{placeholder}</span>}
          placeholder={placeholder}
          rows={1}
          value={text}
          onChange={setText}
          onMention={(p) => setDraft((d) => ({ ...d, mentions: d.mentions.some((x) => x.id === p.id) ? d.mentions : [...d.mentions, p] }))}
          error={form.errorOf('message' as never) ?? null}
          testId={tid}
          suggestTestId={`${tid}-suggest`}
        />
        <label className="ui-btn ui-btn--small ui-btn--ghost" title={t('post.attach')}>
          📎<span className="ui-visually-hidden">{t('post.attach')}</span>
          <input type="file" hidden onChange={(e) => void onFile(e)} data-testid={`${tid}-file`} disabled={up.uploading} />
        </label>
        <Button type="submit" size="small" loading={form.busy} disabled={!text.trim() || up.uploading} data-testid={`${tid}-send`}>
          {t('post.send')}
        </Button>
      </div>
      {file ? (
        <div className="wall-chips wall-muted" data-testid={`${tid}-attached`}>
          📎 {file.fileName}{' '}
          <Button size="tiny" variant="ghost" onClick={() => setFile(null)} data-testid={`${tid}-file-remove`}>
            {t('form.remove')}
          </Button>
        </div>
      ) : null}
      <UploadProgress progress={up.progress} uploading={up.uploading} testId={`${tid}-progress`} />
      {fileError ? <Alert testId={`${tid}-file-error`}>{word(fileError)}</Alert> : null}
    </ApiFormView>
  );
}

/**
 * Inline editor of a post's or comment's text (author or admin): the stored HTML is shown as text; mentions of
 * `people` stay profile links. `save` gets the new HTML and throws the ApiError on failure. One `useApiForm` over
 * `{ message }` of the update route's body (`schema`): the message's error under the text in the user's language.
 */
function TextEditor({
  html,
  people,
  testId,
  schema,
  save,
  onCancel,
}: {
  html: string;
  people: Person[];
  testId: string;
  schema: z.ZodType;
  save: (html: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = wallText.useT();
  const form = useApiForm({
    schema: z.preprocess((v) => ({ message: toHtml((v as { text: string }).text, people) }), schema) as unknown as z.ZodType<
      Record<string, unknown>,
      { text: string }
    >,
    defaultValues: { text: toText(html) },
    serverField: (f) => (f === 'message' ? 'text' : null),
    onSubmit: async () => {
      await save(toHtml(form.getValues().text, people));
    },
  });
  return (
    <ApiFormView form={form} data-testid={testId} errorTestId={`${testId}-error`}>
      <TextArea
        label={<span className="ui-visually-hidden">{t('post.edit')}</span>}
        rows={3}
        {...form.field('text')}
        error={form.errorOf('text') ?? form.errorOf('message' as never)}
        data-testid={`${testId}-text`}
        id={`${testId}-text`}
      />
      <div className="wall-row">
        <Button type="submit" size="small" loading={form.busy} data-testid={`${testId}-save`}>
          {t('post.save')}
        </Button>
        <Button size="small" variant="ghost" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('post.cancel')}
        </Button>
      </div>
    </ApiFormView>
  );
}

function CommentItem({ c, postId, answer }: { c: Comment; postId: string; answer?: boolean }) {
  const { t, i18n } = wallText.useT();
  const { uid, isAdmin } = useSession();
  const like = useLike();
  const del = useDeleteComment(postId);
  const edit = useUpdateComment(postId);
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const mine = c.author._id === uid || isAdmin;
  return (
    <div data-testid={`comment-${c._id}`}>
      <div className="wall-comment">
        <Avatar id={c.author._id} name={c.author.fullName} src={c.author.avatar} size="small" />
        <div className="wall-comment__body">
          <div>
            <span className="wall-name">{c.author.fullName}</span> <span className="wall-muted">{formatDate(c.created, i18n.language)}</span>
          </div>
          {editing ? (
            <TextEditor
              html={c.message}
              people={[]}
              testId={`comment-edit-${c._id}`}
              schema={socialRoutes.commentUpdate.body}
              onCancel={() => setEditing(false)}
              save={async (message) => {
                await edit.mutateAsync({ id: c._id, message });
                setEditing(false);
              }}
            />
          ) : (
            <Message html={c.message} testId={`comment-text-${c._id}`} />
          )}
          {c.attachment ? <Attachments items={[c.attachment]} testId={`comment-${c._id}`} /> : null}
          <div className="wall-row">
            <Button
              size="tiny"
              variant="ghost"
              className="wall-like"
              aria-pressed={c.liked}
              onClick={() => like.mutate({ like_type: answer ? 'answer' : 'comment', id: c._id })}
              data-testid={`comment-like-${c._id}`}
            >
              ♥ <span data-testid={`comment-likes-${c._id}`}>{c.likes_count}</span>
            </Button>
            {!answer ? (
              <Button size="tiny" variant="ghost" onClick={() => setReplying((r) => !r)} data-testid={`comment-reply-${c._id}`}>
                {t('post.reply')}
              </Button>
            ) : null}
            {mine && !editing ? (
              <Button size="tiny" variant="ghost" onClick={() => setEditing(true)} data-testid={`comment-edit-open-${c._id}`}>
                {t('post.edit')}
              </Button>
            ) : null}
            {mine ? (
              <Button size="tiny" variant="ghost" onClick={() => setConfirm(true)} data-testid={`comment-delete-${c._id}`}>
                {t('post.delete')}
              </Button>
            ) : null}
          </div>
          <ConfirmDialog
            open={confirm}
            message={t('post.deleteCommentConfirm')}
            onCancel={() => setConfirm(false)}
            onConfirm={async () => {
              await del.mutateAsync(c._id);
              setConfirm(false);
            }}
          />
        </div>
      </div>
      {c.answers.length || replying ? (
        <div className="wall-answers">
          {c.answers.map((a) => (
            <CommentItem key={a._id} c={a} postId={postId} answer />
          ))}
          {replying ? (
            <CommentForm postId={postId} parentType="comment" parentId={c._id} placeholder={t('post.answer')} onDone={() => setReplying(false)} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Comments with answers of one post (loads the full post). */
export function Comments({ postId }: { postId: string }) {
  const { t } = wallText.useT();
  const q = usePost(postId);
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  return (
    <div className="wall-comments" data-testid={`comments-${postId}`}>
      {q.data.comments.map((c) => (
        <CommentItem key={c._id} c={c} postId={postId} />
      ))}
      <CommentForm postId={postId} parentType="post" parentId={postId} placeholder={t('post.comment')} />
    </div>
  );
}

/** "Viewed by": who viewed a post and when (GET api/post/{id} views with names and avatars). */
function Viewers({ postId, count, onClose }: { postId: string; count: number; onClose: () => void }) {
  const { t, i18n } = wallText.useT();
  const q = usePost(postId, true, true);
  return (
    <Modal open title={t('post.viewers', { count: q.data?.views_count ?? count })} onClose={onClose} testId={`viewers-${postId}`}>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.views.length === 0 ? (
        <EmptyState title={t('post.noViewers')} testId={`viewers-${postId}-empty`} />
      ) : (
        <ul className="wall-viewers">
          {q.data.views.map((v) => (
            <li key={v.user} className="wall-row" data-testid={`viewer-${v.user}`}>
              <Avatar id={v.user} name={v.author.fullName} src={v.author.avatar} size="small" />
              <span>
                <Link className="wall-name" to={`/profile/${v.user}`}>
                  {v.author.fullName || '—'}
                </Link>
                {v.author.position ? <span className="wall-muted"> · {v.author.position}</span> : null}
                <br />
                <span className="wall-muted">{formatDate(v.time, i18n.language)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/**
 * One post of a feed: author (and, for a group post outside its group's feed, the group), thanks line, message,
 * attachments, likes, comments, views.
 */
export function PostCard({ post, expanded, showGroup = true }: { post: FeedPost; expanded?: boolean; showGroup?: boolean }) {
  const { t, i18n } = wallText.useT();
  const { uid, isAdmin } = useSession();
  const like = useLike();
  const del = useDeletePost();
  const edit = useUpdatePost();
  const [showComments, setShowComments] = useState(!!expanded);
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const [viewers, setViewers] = useState(false);
  const mine = post.author._id === uid || isAdmin;
  const thanked = post.type === 'thanks' ? post.mentioned[0] : undefined;
  return (
    <article className="wall-card" data-testid={`post-${post._id}`} data-type={post.type}>
      <div className="wall-head">
        {post.parent.type === 'system' ? <SystemAvatar /> : <Avatar id={post.author._id} name={post.author.fullName} src={post.author.avatar} />}
        <div>
          <div>
            <a className="wall-name" href={`/profile/${post.author._id}`} target="_blank" rel="noopener">
              {post.author.fullName}
            </a>
            {post.author.position ? <span className="wall-muted"> · {post.author.position}</span> : null}
            {showGroup && post.parent.type === 'group' && post.parent.id ? <GroupLabel id={post.parent.id} postId={post._id} /> : null}
          </div>
          <Link className="wall-muted" to={`/post/${post._id}`} data-testid={`post-link-${post._id}`}>
            {formatDate(post.created, i18n.language)}
          </Link>
        </div>
      </div>
      {thanked ? (
        <div className="wall-thanks" data-testid={`post-thanks-${post._id}`}>
          🙏 {t('post.thanksTo')} →{' '}
          <a href={`/profile/${thanked._id}`} target="_blank" rel="noopener">
            {thanked.fullName}
          </a>
        </div>
      ) : null}
      {editing ? (
        <TextEditor
          html={post.message}
          people={post.mentioned.map((m) => ({ id: m._id, name: m.fullName }))}
          testId={`post-edit-${post._id}`}
          schema={socialRoutes.postUpdate.body}
          onCancel={() => setEditing(false)}
          save={async (message) => {
            await edit.mutateAsync({ id: post._id, message });
            setEditing(false);
          }}
        />
      ) : (
        <Message html={post.message} testId={`post-text-${post._id}`} />
      )}
      <Attachments items={post.attachments} testId={`post-${post._id}`} />
      <div className="wall-actions">
        <Button
          size="small"
          variant="ghost"
          className="wall-like"
          aria-pressed={post.liked}
          onClick={() => like.mutate({ like_type: 'post', id: post._id })}
          data-testid={`post-like-${post._id}`}
        >
          ♥ {t('post.like')} <span data-testid={`post-likes-${post._id}`}>{post.likes_count}</span>
        </Button>
        <Button size="small" variant="ghost" onClick={() => setShowComments((s) => !s)} data-testid={`post-comments-toggle-${post._id}`}>
          💬 {t('post.comments')} <span data-testid={`post-comments-${post._id}`}>{post.comments_count}</span>
        </Button>
        <Button
          size="small"
          variant="ghost"
          title={t('post.views')}
          aria-haspopup="dialog"
          onClick={() => setViewers(true)}
          data-testid={`post-viewers-${post._id}`}
        >
          👁 <span data-testid={`post-views-${post._id}`}>{post.views_count}</span>
        </Button>
        <span className="ui-toolbar__spacer" style={{ flex: 1 }} />
        {mine && !editing ? (
          <Button size="small" variant="ghost" onClick={() => setEditing(true)} data-testid={`post-edit-open-${post._id}`}>
            {t('post.edit')}
          </Button>
        ) : null}
        {mine ? (
          <Button size="small" variant="ghost" onClick={() => setConfirm(true)} data-testid={`post-delete-${post._id}`}>
            {t('post.delete')}
          </Button>
        ) : null}
      </div>
      {viewers ? <Viewers postId={post._id} count={post.views_count} onClose={() => setViewers(false)} /> : null}
      {showComments ? <Comments postId={post._id} /> : null}
      <ConfirmDialog
        open={confirm}
        message={t('post.deleteConfirm')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          await del.mutateAsync(post._id);
          setConfirm(false);
        }}
      />
    </article>
  );
}
