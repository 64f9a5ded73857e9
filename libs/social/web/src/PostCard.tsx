import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Comment, FeedPost } from '@intranet/social-contract';
import { isApiError } from '@intranet/web-api';
import { useSession } from '@intranet/web-session';
import { Button, ConfirmDialog, ErrorState, Loader, TextArea } from '@intranet/web-ui';
import { Attachments, Avatar, formatDate } from './common.tsx';
import { useAddComment, useDeleteComment, useDeletePost, useLike, usePost } from './queries.ts';

/** The message HTML as the service stored it (sanitised server-side, §4 Posts). */
function Message({ html, testId }: { html: string; testId: string }) {
  return <div className="wall-message" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A comment form (comment on a post or answer to a comment); shows the server's field error. */
function CommentForm({ postId, parentType, parentId, placeholder, onDone }: { postId: string; parentType: 'post' | 'comment'; parentId: string; placeholder: string; onDone?: () => void }) {
  const { t } = useTranslation('wall');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment(postId);
  const tid = parentType === 'post' ? `comment-input-${postId}` : `answer-input-${parentId}`;
  const submit = () => {
    setError(null);
    add.mutate(
      { parent_type: parentType, parent_id: parentId, message: text },
      {
        onSuccess: () => { setText(''); onDone?.(); },
        onError: (e) => setError(isApiError(e) ? (Object.values(e.fieldErrors())[0] ?? e.message) : String(e)),
      },
    );
  };
  return (
    <div className="wall-inline">
      <TextArea label={<span className="ui-visually-hidden">{placeholder}</span>} placeholder={placeholder} rows={1} value={text} onChange={(e) => setText(e.target.value)} error={error} data-testid={tid} id={tid} />
      <Button size="small" onClick={submit} loading={add.isPending} disabled={!text.trim()} data-testid={`${tid}-send`}>{t('post.send')}</Button>
    </div>
  );
}

function CommentItem({ c, postId, answer }: { c: Comment; postId: string; answer?: boolean }) {
  const { t, i18n } = useTranslation('wall');
  const { uid, isAdmin } = useSession();
  const like = useLike();
  const del = useDeleteComment(postId);
  const [replying, setReplying] = useState(false);
  return (
    <div data-testid={`comment-${c._id}`}>
      <div className="wall-comment">
        <Avatar id={c.author._id} name={c.author.fullName} src={c.author.avatar} size="small" />
        <div className="wall-comment__body">
          <div><span className="wall-name">{c.author.fullName}</span> <span className="wall-muted">{formatDate(c.created, i18n.language)}</span></div>
          <Message html={c.message} testId={`comment-text-${c._id}`} />
          {c.attachment ? <Attachments items={[c.attachment]} testId={`comment-${c._id}`} /> : null}
          <div className="wall-row">
            <Button size="tiny" variant="ghost" className="wall-like" aria-pressed={c.liked} onClick={() => like.mutate({ like_type: answer ? 'answer' : 'comment', id: c._id })} data-testid={`comment-like-${c._id}`}>
              ♥ <span data-testid={`comment-likes-${c._id}`}>{c.likes_count}</span>
            </Button>
            {!answer ? <Button size="tiny" variant="ghost" onClick={() => setReplying((r) => !r)} data-testid={`comment-reply-${c._id}`}>{t('post.reply')}</Button> : null}
            {c.author._id === uid || isAdmin ? <Button size="tiny" variant="ghost" onClick={() => del.mutate(c._id)} data-testid={`comment-delete-${c._id}`}>{t('post.delete')}</Button> : null}
          </div>
        </div>
      </div>
      {c.answers.length || replying ? (
        <div className="wall-answers">
          {c.answers.map((a) => <CommentItem key={a._id} c={a} postId={postId} answer />)}
          {replying ? <CommentForm postId={postId} parentType="comment" parentId={c._id} placeholder={t('post.answer')} onDone={() => setReplying(false)} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Comments with answers of one post (loads the full post). */
export function Comments({ postId }: { postId: string }) {
  const { t } = useTranslation('wall');
  const q = usePost(postId);
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />;
  return (
    <div className="wall-comments" data-testid={`comments-${postId}`}>
      {q.data.comments.map((c) => <CommentItem key={c._id} c={c} postId={postId} />)}
      <CommentForm postId={postId} parentType="post" parentId={postId} placeholder={t('post.comment')} />
    </div>
  );
}

/** One post of a feed: author, thanks line, message, attachments, likes, comments, views. */
export function PostCard({ post, expanded }: { post: FeedPost; expanded?: boolean }) {
  const { t, i18n } = useTranslation('wall');
  const { uid, isAdmin } = useSession();
  const like = useLike();
  const del = useDeletePost();
  const [showComments, setShowComments] = useState(!!expanded);
  const [confirm, setConfirm] = useState(false);
  const thanked = post.type === 'thanks' ? post.mentioned[0] : undefined;
  return (
    <article className="wall-card" data-testid={`post-${post._id}`} data-type={post.type}>
      <div className="wall-head">
        <Avatar id={post.author._id} name={post.author.fullName} src={post.author.avatar} />
        <div>
          <div><a className="wall-name" href={`/profile/${post.author._id}`} target="_blank" rel="noopener">{post.author.fullName}</a>{post.author.position ? <span className="wall-muted"> · {post.author.position}</span> : null}</div>
          <Link className="wall-muted" to={`/post/${post._id}`} data-testid={`post-link-${post._id}`}>{formatDate(post.created, i18n.language)}</Link>
        </div>
      </div>
      {thanked ? (
        <div className="wall-thanks" data-testid={`post-thanks-${post._id}`}>
          🙏 {t('post.thanksTo')} → <a href={`/profile/${thanked._id}`} target="_blank" rel="noopener">{thanked.fullName}</a>
        </div>
      ) : null}
      <Message html={post.message} testId={`post-text-${post._id}`} />
      <Attachments items={post.attachments} testId={`post-${post._id}`} />
      <div className="wall-actions">
        <Button size="small" variant="ghost" className="wall-like" aria-pressed={post.liked} onClick={() => like.mutate({ like_type: 'post', id: post._id })} data-testid={`post-like-${post._id}`}>
          ♥ {t('post.like')} <span data-testid={`post-likes-${post._id}`}>{post.likes_count}</span>
        </Button>
        <Button size="small" variant="ghost" onClick={() => setShowComments((s) => !s)} data-testid={`post-comments-toggle-${post._id}`}>
          💬 {t('post.comments')} <span data-testid={`post-comments-${post._id}`}>{post.comments_count}</span>
        </Button>
        <span className="wall-muted" title={t('post.views')}>👁 <span data-testid={`post-views-${post._id}`}>{post.views_count}</span></span>
        <span className="ui-toolbar__spacer" style={{ flex: 1 }} />
        {post.author._id === uid || isAdmin ? (
          <Button size="small" variant="ghost" onClick={() => setConfirm(true)} data-testid={`post-delete-${post._id}`}>{t('post.delete')}</Button>
        ) : null}
      </div>
      {showComments ? <Comments postId={post._id} /> : null}
      <ConfirmDialog open={confirm} message={t('post.deleteConfirm')} onCancel={() => setConfirm(false)} onConfirm={async () => { await del.mutateAsync(post._id); setConfirm(false); }} />
    </article>
  );
}
