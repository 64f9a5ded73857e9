import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import {
  socialRoutes,
  type AttachmentInput,
  type Comment,
  type FeedPage,
  type FeedPost,
  type FollowChangedEvent,
  type FullPost,
  type UserFeedPage,
} from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** Address book order: the fields POST api/user/filter/{workspace} sorts by (people contract), ascending or descending. */
export type PeopleSort = { key: 'lastName' | 'firstName' | 'position' | 'department' | 'city'; order: 'asc' | 'desc' };
const BY_NAME: PeopleSort = { key: 'lastName', order: 'asc' };

/** Query keys of the wall (everything under `socialKeys.all`). */
export const socialKeys = {
  all: ['social'] as const,
  feeds: ['social', 'feed'] as const,
  news: (clientId: string) => ['social', 'feed', 'news', clientId] as const,
  userFeed: (userId: string) => ['social', 'feed', 'user', userId] as const,
  follows: (userId: string) => ['social', 'feed', 'follows', userId] as const,
  thanksTo: (userId: string) => ['social', 'feed', 'thanksTo', userId] as const,
  birthdayPages: (clientId: string) => ['social', 'birthdays', clientId, 'pages'] as const,
  posts: ['social', 'post'] as const,
  post: (id: string) => ['social', 'post', id] as const,
  allThanks: ['social', 'thanks'] as const,
  thanks: (clientId: string) => ['social', 'thanks', clientId] as const,
  birthdays: (clientId: string, days: number | null) => ['social', 'birthdays', clientId, days] as const,
  people: (workspace: string, search: string, page: number, limit: number, sort: PeopleSort) =>
    ['social', 'people', workspace, search, page, limit, sort.key, sort.order] as const,
  user: (id: string) => ['social', 'user', id] as const,
  groupFeed: (groupId: string) => ['social', 'feed', 'group', groupId] as const,
  myGroupsFeed: (userId: string) => ['social', 'feed', 'groupUser', userId] as const,
  /** Groups, members, requests (refetched on evt.social.group.changed). */
  groups: ['social', 'groups'] as const,
  ideas: ['social', 'ideas'] as const,
  reports: ['social', 'reports'] as const,
};

type PageParam = { page: number; before?: string };
export type FeedData = InfiniteData<FeedPage, PageParam>;
export type UserFeedData = InfiniteData<UserFeedPage, PageParam>;

/** Next page: the page number pinned to the first page's snapshot cursor (`before`), so arriving posts never shift pages. */
function nextParam(last: FeedPage, all: FeedPage[]): PageParam | undefined {
  if (!last.hasMore) return undefined;
  return { page: last.page + 1, before: all[0]?.cursor ?? undefined };
}

/** GET api/post/news/{clientId}/{page}: the company feed, 20 a page, "more" loads the next page. */
export function useNewsFeed(clientId: string | null) {
  return useInfiniteQuery({
    queryKey: socialKeys.news(clientId ?? ''),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postNews, { params: { clientId: clientId!, page: pageParam.page }, query: { before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
    enabled: !!clientId,
  });
}

/** GET api/post/user_feed/{userId}/{page}: a profile's feed; every page also says whether I follow them and their follower count. */
export function useUserFeed(userId: string) {
  return useInfiniteQuery({
    queryKey: socialKeys.userFeed(userId),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postUserFeed, { params: { userId, page: pageParam.page }, query: { before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
}

/** GET /api/post/follows/{id}: posts of the people the user follows (the wall's "Following" tab). */
export function useFollowsFeed(userId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: socialKeys.follows(userId ?? ''),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postFollows, { params: { id: userId! }, query: { page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
    enabled: !!userId && enabled,
  });
}

/** GET api/post?type=thanks&mention={id}: the thank-you posts that thank this person (§3/§7; shown on the profile). */
export function useThanksTo(userId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: socialKeys.thanksTo(userId),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postQuery, { query: { type: 'thanks', mention: userId, page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
    enabled,
  });
}

/** People per page of the birthdays page. */
export const BIRTHDAYS_PAGE = 50;

/** GET api/clients/{id}/birthdays?offset&limit: the birthdays page, nearest first, loaded page by page on the server. */
export function useBirthdayPages(clientId: string | null) {
  return useInfiniteQuery({
    queryKey: socialKeys.birthdayPages(clientId ?? ''),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.birthdayList, { params: { id: clientId! }, query: { offset: pageParam, limit: BIRTHDAYS_PAGE }, signal, silent: true }),
    getNextPageParam: (last, all) => (last.length < BIRTHDAYS_PAGE ? undefined : all.length * BIRTHDAYS_PAGE),
    enabled: !!clientId,
  });
}

/** GET api/post/{id}: one post with comments, likes and views; `fresh` refetches on mount even when cached. */
export function usePost(id: string, enabled = true, fresh = false) {
  return useQuery({
    queryKey: socialKeys.post(id),
    queryFn: ({ signal }) => call(socialRoutes.postGet, { params: { id }, signal, silent: true }),
    enabled,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** GET api/clients/{id}/all_thanks (thanks widget). */
export function useThanks(clientId: string | null, limit = 5) {
  return useQuery({
    queryKey: socialKeys.thanks(clientId ?? ''),
    queryFn: ({ signal }) => call(socialRoutes.thanksAll, { params: { id: clientId! }, query: { page: 1, limit }, signal, silent: true }),
    enabled: !!clientId,
  });
}

/** GET api/clients/{id}/birthdays (widget: within `days`; page: all). */
export function useBirthdays(clientId: string | null, days: number | null) {
  return useQuery({
    queryKey: socialKeys.birthdays(clientId ?? '', days),
    queryFn: ({ signal }) => call(socialRoutes.birthdayList, { params: { id: clientId! }, query: days === null ? {} : { days }, signal, silent: true }),
    enabled: !!clientId,
  });
}

/** POST api/user/filter/{workspace}: the address book and @mention suggestions, ordered by `sort` (last name by default). */
export function usePeople(workspace: string | null, search: string, page: number, limit: number, enabled = true, sort: PeopleSort = BY_NAME) {
  return useQuery({
    queryKey: socialKeys.people(workspace ?? '', search, page, limit, sort),
    queryFn: ({ signal }) =>
      call(peopleRoutes.filter, {
        params: { workspace: workspace! },
        body: { data: { search: search || undefined, page, limit, sort: sort.key, order: sort.order } },
        signal,
        silent: true,
      }),
    enabled: !!workspace && enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET api/user/{id}: a profile. */
export function useUser(id: string) {
  return useQuery({
    queryKey: socialKeys.user(id),
    queryFn: ({ signal }) => call(peopleRoutes.get, { params: { id }, signal, silent: true }),
  });
}

// ---- cache updates (mutations and realtime events share them) ----

/** Applies `fn` to every cached feed post with this id (all feeds) and to the full post. */
export function patchPost(qc: QueryClient, id: string, fn: (p: FeedPost) => FeedPost): void {
  qc.setQueriesData<FeedData>({ queryKey: socialKeys.feeds }, (data) =>
    data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, posts: pg.posts.map((p) => (p._id === id ? fn(p) : p)) })) } : data,
  );
  qc.setQueryData<FullPost>(socialKeys.post(id), (p) => (p ? { ...p, ...fn(p) } : p));
}

/** Puts a new post at the front of the news feed (once). */
export function prependPost(qc: QueryClient, clientId: string, post: FeedPost): void {
  qc.setQueryData<FeedData>(socialKeys.news(clientId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((pg) => pg.posts.some((p) => p._id === post._id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, posts: [post, ...first!.posts] }, ...rest] };
  });
}

/** Puts a new group post on top of that group's feed (once). */
export function prependGroupPost(qc: QueryClient, groupId: string, post: FeedPost): void {
  qc.setQueryData<FeedData>(socialKeys.groupFeed(groupId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((pg) => pg.posts.some((p) => p._id === post._id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, posts: [post, ...first!.posts] }, ...rest] };
  });
}

/** GET /api/post/group/{id}: a group's feed, 20 a page (the server answers 403/404 to those who may not read it). */
export function useGroupFeed(groupId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: socialKeys.groupFeed(groupId),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postGroup, { params: { id: groupId }, query: { page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
    enabled: !!groupId && enabled,
  });
}

/** GET /api/post/group/user/{id}: posts of my groups. */
export function useMyGroupsFeed(userId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: socialKeys.myGroupsFeed(userId ?? ''),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postGroupUser, { params: { id: userId! }, query: { page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
    enabled: !!userId && enabled,
  });
}

/** Removes a post from every feed. */
export function removePost(qc: QueryClient, id: string): void {
  qc.setQueriesData<FeedData>({ queryKey: socialKeys.feeds }, (data) =>
    data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, posts: pg.posts.filter((p) => p._id !== id) })) } : data,
  );
}

function mapComments(list: Comment[], fn: (c: Comment) => Comment): Comment[] {
  return list.map((c) => fn({ ...c, answers: mapComments(c.answers, fn) }));
}

/** Applies `fn` to a comment or answer inside a cached full post. */
export function patchComment(qc: QueryClient, postId: string, id: string, fn: (c: Comment) => Comment): void {
  qc.setQueryData<FullPost>(socialKeys.post(postId), (p) => (p ? { ...p, comments: mapComments(p.comments, (c) => (c._id === id ? fn(c) : c)) } : p));
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
  const full = qc.getQueryData<FullPost>(socialKeys.post(postId));
  if (count === 'added') {
    if (!full || hasComment(full.comments, comment._id)) return;
    count = full.comments_count + 1;
  }
  qc.setQueryData<FullPost>(socialKeys.post(postId), (p) => {
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
  qc.setQueryData<FullPost>(socialKeys.post(postId), (p) => (p ? { ...p, comments: drop(p.comments) } : p));
  patchPost(qc, postId, (p) => ({ ...p, comments_count: count }));
}

// ---- mutations ----

/** POST api/post/like: toggles a like on a post, comment or answer. */
export function useLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { like_type: 'post' | 'comment' | 'answer'; id: string }) => call(socialRoutes.postLike, { body: { like_type: v.like_type, id: v.id } }),
    onSuccess: (r) => {
      if (r.like_type === 'post') patchPost(qc, r.post_id, (p) => ({ ...p, liked: r.liked, likes_count: r.likes_count }));
      else patchComment(qc, r.post_id, r.target_id, (c) => ({ ...c, liked: r.liked, likes_count: r.likes_count }));
    },
  });
}

/** POST api/comment: a comment on a post or an answer to a comment (with an uploaded attachment or none). */
export function useAddComment(postId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { parent_type: 'post' | 'comment'; parent_id: string; message: string; mentions?: string[]; attachment?: AttachmentInput | null }) =>
      call(socialRoutes.commentCreate, { body: v, silent: true }),
    onSuccess: (c) => {
      addComment(qc, postId, c, 'added');
      void qc.invalidateQueries({ queryKey: socialKeys.post(postId) });
    },
  });
}

/** PUT api/comment/{id}: the author or an admin edits a comment's or answer's text. */
export function useUpdateComment(postId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; message: string }) => call(socialRoutes.commentUpdate, { params: { id: v.id }, body: { message: v.message }, silent: true }),
    onSuccess: (c) => patchComment(qc, postId, c._id, (old) => ({ ...c, answers: old.answers })),
  });
}

/** PUT api/post/{id}: the author or an admin edits a post's text (mentions and attachments stay). */
export function useUpdatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; message: string }) => call(socialRoutes.postUpdate, { params: { id: v.id }, body: { message: v.message }, silent: true }),
    onSuccess: (p) => patchPost(qc, p._id, (old) => ({ ...p, liked: old.liked, viewed: old.viewed })),
  });
}

/** DELETE api/comment/{id}. */
export function useDeleteComment(postId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(socialRoutes.commentDelete, { params: { id } }),
    onSuccess: (r) => dropComment(qc, postId, r._id, r.comments_count),
  });
}

/** DELETE api/post/{id}. */
export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(socialRoutes.postDelete, { params: { id } }),
    onSuccess: (r) => removePost(qc, r._id),
  });
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

/** POST api/follow / api/unfollow; the answer's state goes into the profile feed's cache. */
export function useFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { user_id: string; follow: boolean }) => call(v.follow ? socialRoutes.followAdd : socialRoutes.followRemove, { body: { user_id: v.user_id } }),
    onSuccess: (r) => setFollowState(qc, r.user_id, { following: r.following, followers: r.followers }),
  });
}

/** PUT api/post/{id}/view (once per user; the server keeps it idempotent). */
export function registerView(qc: QueryClient, id: string, where: string): void {
  call(socialRoutes.postView, { params: { id }, body: { where }, silent: true })
    .then((r) => patchPost(qc, r._id, (p) => ({ ...p, views_count: r.views_count, viewed: true })))
    .catch(() => undefined);
}

/** PUT api/post/all/view for the posts of a feed page not viewed yet. */
export function registerViews(qc: QueryClient, ids: string[], where: string): void {
  if (ids.length === 0) return;
  call(socialRoutes.postAllView, { body: { ids, where }, silent: true })
    .then((r) => {
      for (const p of r.posts) patchPost(qc, p._id, (x) => ({ ...x, views_count: p.views_count, viewed: true }));
    })
    .catch(() => undefined);
}
