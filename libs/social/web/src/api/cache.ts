import type { QueryClient } from '@tanstack/react-query';
import type { Comment, FeedPost, FollowChangedEvent, FullPost } from '@intranet/social-contract';
import type { FeedData, UserFeedData } from './feed-page.ts';
import { socialKeys } from './keys.ts';
import { fullPostKey } from './post-get.ts';

// Cache updates of the wall: mutations and realtime events share them.

/** Applies `fn` to every cached feed post with this id (all feeds) and to the full post. */
export function patchPost(qc: QueryClient, id: string, fn: (p: FeedPost) => FeedPost): void {
  qc.setQueriesData<FeedData>({ queryKey: socialKeys.feeds() }, (data) =>
    data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, posts: pg.posts.map((p) => (p._id === id ? fn(p) : p)) })) } : data,
  );
  qc.setQueryData<FullPost>(fullPostKey(id), (p) => (p ? { ...p, ...fn(p) } : p));
}

/** Puts a new post on top of a cached feed (once). */
function prependTo(qc: QueryClient, key: readonly unknown[], post: FeedPost): void {
  qc.setQueryData<FeedData>(key, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((pg) => pg.posts.some((p) => p._id === post._id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, posts: [post, ...first!.posts] }, ...rest] };
  });
}

/** Puts a new post at the front of the news feed (once). */
export function prependPost(qc: QueryClient, clientId: string, post: FeedPost): void {
  prependTo(qc, socialKeys.news(clientId), post);
}

/** Puts a new group post on top of that group's feed (once). */
export function prependGroupPost(qc: QueryClient, groupId: string, post: FeedPost): void {
  prependTo(qc, socialKeys.groupFeed(groupId), post);
}

/** Removes a post from every feed. */
export function removePost(qc: QueryClient, id: string): void {
  qc.setQueriesData<FeedData>({ queryKey: socialKeys.feeds() }, (data) =>
    data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, posts: pg.posts.filter((p) => p._id !== id) })) } : data,
  );
}

function mapComments(list: Comment[], fn: (c: Comment) => Comment): Comment[] {
  return list.map((c) => fn({ ...c, answers: mapComments(c.answers, fn) }));
}

/** Applies `fn` to a comment or answer inside a cached full post. */
export function patchComment(qc: QueryClient, postId: string, id: string, fn: (c: Comment) => Comment): void {
  qc.setQueryData<FullPost>(fullPostKey(postId), (p) => (p ? { ...p, comments: mapComments(p.comments, (c) => (c._id === id ? fn(c) : c)) } : p));
}

function hasComment(list: Comment[], id: string): boolean {
  return list.some((c) => c._id === id || hasComment(c.answers, id));
}

/**
 * Adds a comment (or an answer under its parent comment) to a cached full post, once, and sets the post's comment
 * count to `count` (the server's figure from the event). `count: 'added'` (our own HTTP reply, which carries no
 * count) adds one only when this comment was not in the cache yet: when the socket event came first it already set
 * the exact count, so the reply must not count the same comment again.
 */
export function addComment(qc: QueryClient, postId: string, comment: Comment, count: number | 'added'): void {
  const full = qc.getQueryData<FullPost>(fullPostKey(postId));
  if (count === 'added') {
    if (!full || hasComment(full.comments, comment._id)) return;
    count = full.comments_count + 1;
  }
  qc.setQueryData<FullPost>(fullPostKey(postId), (p) => {
    if (!p || hasComment(p.comments, comment._id)) return p;
    const comments =
      comment.parent.type === 'post'
        ? [...p.comments, comment]
        : mapComments(p.comments, (c) => (c._id === comment.parent.id ? { ...c, answers: [...c.answers, comment] } : c));
    return { ...p, comments };
  });
  const exact = count;
  patchPost(qc, postId, (p) => ({ ...p, comments_count: exact }));
}

/** Removes a comment (or answer) from a cached full post. */
export function dropComment(qc: QueryClient, postId: string, id: string, count: number): void {
  const drop = (list: Comment[]): Comment[] => list.filter((c) => c._id !== id).map((c) => ({ ...c, answers: drop(c.answers) }));
  qc.setQueryData<FullPost>(fullPostKey(postId), (p) => (p ? { ...p, comments: drop(p.comments) } : p));
  patchPost(qc, postId, (p) => ({ ...p, comments_count: count }));
}

/**
 * Sets the follow state of `userId` in their cached profile feed: the follower count always, `following` only when
 * given (another person's follow changes the count, not whether I follow).
 */
export function setFollowState(qc: QueryClient, userId: string, state: { following?: boolean; followers: number }): void {
  qc.setQueryData<UserFeedData>(socialKeys.userFeed(userId), (data) =>
    data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, followers: state.followers, following: state.following ?? pg.following })) } : data,
  );
}

/** evt.social.follow.changed: someone followed or unfollowed `user_id`. */
export function applyFollowChanged(qc: QueryClient, e: FollowChangedEvent, me: string): void {
  setFollowState(qc, e.user_id, { followers: e.followers, following: e.follower_id === me ? e.following : undefined });
}
