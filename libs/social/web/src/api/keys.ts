/** Address book order: the fields POST api/user/filter/{workspace} sorts by (people contract), ascending or descending. */
export type PeopleSort = { key: 'lastName' | 'firstName' | 'position' | 'department' | 'city'; order: 'asc' | 'desc' };

/**
 * The wall's query keys (issue 31 §1), the only place they are written; everything sits under `socialKeys.all`.
 * Reads built with `routeQuery` get their call's params and query appended, so a key here is also the prefix that
 * invalidates all of them. Feeds are infinite queries keyed exactly as written (the cache helpers patch them).
 */
export const socialKeys = {
  all: ['social'] as const,
  /** Every feed (news, profile, follows, thanks to a person, group, my groups). */
  feeds: () => [...socialKeys.all, 'feed'] as const,
  news: (clientId: string) => [...socialKeys.feeds(), 'news', clientId] as const,
  userFeed: (userId: string) => [...socialKeys.feeds(), 'user', userId] as const,
  follows: (userId: string) => [...socialKeys.feeds(), 'follows', userId] as const,
  thanksTo: (userId: string) => [...socialKeys.feeds(), 'thanksTo', userId] as const,
  groupFeed: (groupId: string) => [...socialKeys.feeds(), 'group', groupId] as const,
  myGroupsFeed: (userId: string) => [...socialKeys.feeds(), 'groupUser', userId] as const,
  /** Full posts (GET api/post/{id}). */
  posts: () => [...socialKeys.all, 'post'] as const,
  post: (id: string) => [...socialKeys.posts(), id] as const,
  /** The thanks widget. */
  thanks: () => [...socialKeys.all, 'thanks'] as const,
  /** The birthdays widget (by client and `days`) and the birthdays page's pages. */
  birthdays: () => [...socialKeys.all, 'birthdays'] as const,
  birthdayPages: (clientId: string) => [...socialKeys.birthdays(), 'pages', clientId] as const,
  /** Address-book searches (the body is not in a routeQuery key, so the search is written here). */
  people: (workspace: string, search: string, page: number, limit: number, sort: PeopleSort) =>
    [...socialKeys.all, 'people', workspace, search, page, limit, sort.key, sort.order] as const,
  mention: (workspace: string, search: string) => [...socialKeys.all, 'mention', workspace, search] as const,
  /** Profiles (GET api/user/{id}). */
  user: (id: string) => [...socialKeys.all, 'user', id] as const,
  /** The pinned employees of a client. */
  pinned: () => [...socialKeys.all, 'pinned'] as const,
  /** Groups, members, requests and invitations (refetched on evt.social.group.changed). */
  groups: () => [...socialKeys.all, 'groups'] as const,
  group: (id: string) => [...socialKeys.groups(), 'one', id] as const,
  groupLists: () => [...socialKeys.groups(), 'list'] as const,
  groupPending: () => [...socialKeys.groups(), 'pending'] as const,
  groupMembers: () => [...socialKeys.groups(), 'members'] as const,
  groupRequests: () => [...socialKeys.groups(), 'requests'] as const,
  groupInvitations: () => [...socialKeys.groups(), 'invitations'] as const,
  ideas: () => [...socialKeys.all, 'ideas'] as const,
  reports: () => [...socialKeys.all, 'reports'] as const,
};
