import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  socialEvents,
  type CommentEvent,
  type FeedPost,
  type FollowChangedEvent,
  type LikeChangedEvent,
  type PostCreatedEvent,
  type PostDeletedEvent,
  type ViewChangedEvent,
} from '@intranet/social-contract';
import { acquireRealtime, getSessionSnapshot, useSession, type RealtimeHandle } from '@intranet/web-session';
import { addComment, applyFollowChanged, dropComment, patchComment, patchPost, prependGroupPost, prependPost, removePost } from './api/cache.ts';
import { socialKeys } from './api/keys.ts';

/**
 * §4 Realtime updates of the wall over the shared socket of `@intranet/web-session` (one connection per page, see
 * `acquireRealtime`): `evt.social.*` events update the TanStack Query caches, so new posts, comments, likes, views
 * and follows appear without reloading; after a reconnect the feeds and open posts are refetched, since events sent
 * meanwhile never arrive. The handlers are attached once while any wall page is mounted (ref-counted) and removed
 * when the last one unmounts; connecting, identifying and 'user-logout' on sign-out belong to the shared socket.
 */
interface Live {
  handle: RealtimeHandle;
  users: number;
  clients: Set<QueryClient>;
}

let live: Live | null = null;

function applyEvents(rt: RealtimeHandle, clients: Set<QueryClient>): void {
  const each = (fn: (qc: QueryClient) => void) => {
    for (const qc of clients) fn(qc);
  };
  // Read at event time: the shared socket follows a new sign-in without the handlers being attached again.
  const me = () => getSessionSnapshot().uid ?? '';
  const clientId = () => getSessionSnapshot().currentClient?._id ?? '';
  rt.on<PostCreatedEvent>(socialEvents.postCreated.subject, (e) =>
    each((qc) => {
      if (e.post.parent.type === 'company' || e.post.parent.type === 'feed' || e.post.parent.type === 'system') prependPost(qc, clientId(), e.post);
      if (e.post.parent.type === 'group' && e.post.parent.id) {
        prependGroupPost(qc, e.post.parent.id, e.post);
        // A public group's post (an event for everyone: no `userIds`) is on the wall too.
        if (!e.userIds) prependPost(qc, clientId(), e.post);
        void qc.invalidateQueries({ queryKey: socialKeys.myGroupsFeed(me()) });
      }
      if (e.post.type === 'thanks') void qc.invalidateQueries({ queryKey: socialKeys.thanks() });
      void qc.invalidateQueries({ queryKey: socialKeys.userFeed(e.post.author._id) });
    }),
  );
  rt.on<{ post: FeedPost }>(socialEvents.postUpdated.subject, (e) =>
    each((qc) => patchPost(qc, e.post._id, (p) => ({ ...e.post, liked: p.liked, viewed: p.viewed }))),
  );
  rt.on<PostDeletedEvent>(socialEvents.postDeleted.subject, (e) =>
    each((qc) => {
      removePost(qc, e._id);
      qc.removeQueries({ queryKey: socialKeys.post(e._id) });
    }),
  );
  rt.on<CommentEvent>(socialEvents.commentCreated.subject, (e) => each((qc) => addComment(qc, e.post_id, e.comment, e.comments_count)));
  rt.on<CommentEvent>(socialEvents.commentUpdated.subject, (e) =>
    each((qc) => patchComment(qc, e.post_id, e.comment._id, (c) => ({ ...e.comment, liked: c.liked, answers: c.answers }))),
  );
  rt.on<{ _id: string; post_id: string; comments_count: number }>(socialEvents.commentDeleted.subject, (e) =>
    each((qc) => dropComment(qc, e.post_id, e._id, e.comments_count)),
  );
  rt.on<LikeChangedEvent>(socialEvents.likeChanged.subject, (e) =>
    each((qc) => {
      const mine = e.user_id === me();
      if (e.like_type === 'post') patchPost(qc, e.post_id, (p) => ({ ...p, likes_count: e.likes_count, liked: mine ? e.liked : p.liked }));
      else patchComment(qc, e.post_id, e.target_id, (c) => ({ ...c, likes_count: e.likes_count, liked: mine ? e.liked : c.liked }));
    }),
  );
  rt.on<FollowChangedEvent>(socialEvents.followChanged.subject, (e) => each((qc) => applyFollowChanged(qc, e, me())));
  rt.on<ViewChangedEvent>(socialEvents.viewChanged.subject, (e) =>
    each((qc) => {
      for (const p of e.posts) {
        patchPost(qc, p._id, (x) => ({ ...x, views_count: p.views_count, viewed: e.user_id === me() ? true : x.viewed }));
        // The event names no viewer: an open "viewed by" list refetches (inactive full posts are only marked stale).
        void qc.invalidateQueries({ queryKey: socialKeys.post(p._id), refetchType: 'active' });
      }
    }),
  );
  // Groups, ideas and reports: the lists refetch (membership, requests, states change the caller's view).
  rt.on(socialEvents.groupChanged.subject, () => each((qc) => void qc.invalidateQueries({ queryKey: socialKeys.groups() })));
  rt.on(socialEvents.ideaSent.subject, () => each((qc) => void qc.invalidateQueries({ queryKey: socialKeys.ideas() })));
  rt.on(socialEvents.ideaStatusChanged.subject, () => each((qc) => void qc.invalidateQueries({ queryKey: socialKeys.ideas() })));
  rt.on(socialEvents.violReportSent.subject, () => each((qc) => void qc.invalidateQueries({ queryKey: socialKeys.reports() })));
  rt.on(socialEvents.violReportHandled.subject, () => each((qc) => void qc.invalidateQueries({ queryKey: socialKeys.reports() })));
  // Events sent while the socket was down are lost: after a reconnect, refetch what they would have updated.
  rt.onReconnect(() => {
    for (const qc of clients) {
      void qc.invalidateQueries({ queryKey: socialKeys.feeds() });
      void qc.invalidateQueries({ queryKey: socialKeys.posts() });
      void qc.invalidateQueries({ queryKey: socialKeys.thanks() });
      void qc.invalidateQueries({ queryKey: socialKeys.groups() });
    }
  });
}

/** Attaches the wall's handlers (first caller) and counts the caller. */
function open(qc: QueryClient): void {
  if (!live) {
    const handle = acquireRealtime();
    live = { handle, users: 0, clients: new Set() };
    applyEvents(handle, live.clients);
  }
  live.users++;
  live.clients.add(qc);
}

/** Uncounts a caller; the last one removes the handlers and releases the shared socket. */
function release(): void {
  if (!live) return;
  live.users--;
  if (live.users <= 0) {
    const l = live;
    live = null;
    l.handle.release();
  }
}

/** Keeps the wall's realtime updates on while the calling page is mounted. */
export function useWallRealtime(): void {
  const qc = useQueryClient();
  const { token, uid, client, workspace, isSuperadmin } = useSession();
  const enabled = !!token && !!uid && !!workspace && !!client?._id && !isSuperadmin;
  useEffect(() => {
    if (!enabled) return;
    open(qc);
    return release;
  }, [qc, enabled]);
}
