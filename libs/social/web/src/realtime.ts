import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
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
import { getSessionSnapshot, subscribeSession, useSession } from '@intranet/web-session';
import { addComment, applyFollowChanged, dropComment, patchComment, patchPost, prependPost, removePost, socialKeys } from './queries.ts';

/**
 * §4 Realtime socket: one Socket.IO connection per page session to the workspace namespace (`/<workspace>`),
 * websocket transport only, reconnect after 1 s, 1,200,000 ms time-out; authenticates with the bearer token and
 * identifies `{ client_id, user_id, timestamp }`. `evt.social.*` events update the TanStack Query caches, so new
 * posts, comments, likes, views and follows appear without reloading; after a reconnect the feeds and open posts
 * are refetched, since events sent meanwhile never arrive. On sign-out it emits 'user-logout' and disconnects.
 */
interface Live {
  key: string;
  socket: Socket;
  users: number;
  clients: Set<QueryClient>;
  unsubscribeSession: () => void;
}

let live: Live | null = null;

function applyEvents(socket: Socket, clients: Set<QueryClient>, me: string, clientId: string): void {
  const each = (fn: (qc: QueryClient) => void) => {
    for (const qc of clients) fn(qc);
  };
  socket.on(socialEvents.postCreated, (e: PostCreatedEvent) =>
    each((qc) => {
      if (e.post.parent.type === 'company' || e.post.parent.type === 'feed' || e.post.parent.type === 'system') prependPost(qc, clientId, e.post);
      if (e.post.type === 'thanks') void qc.invalidateQueries({ queryKey: socialKeys.thanks(clientId) });
      void qc.invalidateQueries({ queryKey: socialKeys.userFeed(e.post.author._id) });
    }),
  );
  socket.on(socialEvents.postUpdated, (e: { post: FeedPost }) =>
    each((qc) => patchPost(qc, e.post._id, (p) => ({ ...e.post, liked: p.liked, viewed: p.viewed }))),
  );
  socket.on(socialEvents.postDeleted, (e: PostDeletedEvent) =>
    each((qc) => {
      removePost(qc, e._id);
      qc.removeQueries({ queryKey: socialKeys.post(e._id) });
    }),
  );
  socket.on(socialEvents.commentCreated, (e: CommentEvent) => each((qc) => addComment(qc, e.post_id, e.comment, e.comments_count)));
  socket.on(socialEvents.commentUpdated, (e: CommentEvent) =>
    each((qc) => patchComment(qc, e.post_id, e.comment._id, (c) => ({ ...e.comment, liked: c.liked, answers: c.answers }))),
  );
  socket.on(socialEvents.commentDeleted, (e: { _id: string; post_id: string; comments_count: number }) =>
    each((qc) => dropComment(qc, e.post_id, e._id, e.comments_count)),
  );
  socket.on(socialEvents.likeChanged, (e: LikeChangedEvent) =>
    each((qc) => {
      const mine = e.user_id === me;
      if (e.like_type === 'post') patchPost(qc, e.post_id, (p) => ({ ...p, likes_count: e.likes_count, liked: mine ? e.liked : p.liked }));
      else patchComment(qc, e.post_id, e.target_id, (c) => ({ ...c, likes_count: e.likes_count, liked: mine ? e.liked : c.liked }));
    }),
  );
  socket.on(socialEvents.followChanged, (e: FollowChangedEvent) => each((qc) => applyFollowChanged(qc, e, me)));
  socket.on(socialEvents.viewChanged, (e: ViewChangedEvent) =>
    each((qc) => {
      for (const p of e.posts) {
        patchPost(qc, p._id, (x) => ({ ...x, views_count: p.views_count, viewed: e.user_id === me ? true : x.viewed }));
        // The event names no viewer: an open "viewed by" list refetches (inactive full posts are only marked stale).
        void qc.invalidateQueries({ queryKey: socialKeys.post(p._id), refetchType: 'active' });
      }
    }),
  );
}

function close(logout: boolean): void {
  if (!live) return;
  const l = live;
  live = null;
  l.unsubscribeSession();
  if (logout && l.socket.connected) l.socket.emit('user-logout');
  l.socket.disconnect();
}

function open(qc: QueryClient, workspace: string, token: string, userId: string, clientId: string): void {
  const key = `${workspace}|${token}`;
  if (live && live.key !== key) close(false);
  if (live) {
    live.users++;
    live.clients.add(qc);
    return;
  }
  const socket = io(`${window.location.origin}/${workspace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: 1000,
    timeout: 1_200_000,
    auth: { token },
  });
  const clients = new Set<QueryClient>([qc]);
  socket.on('connect', () => {
    socket.emit('identify', { client_id: clientId, user_id: userId, timestamp: Date.now() }, () => undefined);
  });
  applyEvents(socket, clients, userId, clientId);
  // Events sent while the socket was down are lost: after a reconnect, refetch what they would have updated.
  socket.io.on('reconnect', () => {
    for (const qc of clients) {
      void qc.invalidateQueries({ queryKey: socialKeys.feeds });
      void qc.invalidateQueries({ queryKey: socialKeys.posts });
      void qc.invalidateQueries({ queryKey: socialKeys.allThanks });
    }
  });
  // Sign-out (or a 401) anywhere in the app: tell the server, then disconnect.
  const unsubscribeSession = subscribeSession(() => {
    if (!getSessionSnapshot().authorized) close(true);
  });
  live = { key, socket, users: 1, clients, unsubscribeSession };
}

function release(): void {
  if (!live) return;
  live.users--;
  if (live.users <= 0) close(!getSessionSnapshot().authorized);
}

/** Keeps the wall's realtime connection open while the calling page is mounted. */
export function useWallRealtime(): void {
  const qc = useQueryClient();
  const { token, uid, client, workspace, isSuperadmin } = useSession();
  const clientId = client?._id ?? null;
  useEffect(() => {
    if (!token || !uid || !workspace || !clientId || isSuperadmin) return;
    open(qc, workspace, token, uid, clientId);
    return release;
  }, [qc, token, uid, workspace, clientId, isSuperadmin]);
}
