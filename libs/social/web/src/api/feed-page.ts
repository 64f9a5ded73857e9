import type { InfiniteData } from '@tanstack/react-query';
import type { FeedPage, UserFeedPage } from '@intranet/social-contract';

/** A feed's page parameter: the page number and the first page's snapshot cursor. */
export type PageParam = { page: number; before?: string };
export type FeedData = InfiniteData<FeedPage, PageParam>;
export type UserFeedData = InfiniteData<UserFeedPage, PageParam>;

/** The first page's parameter. */
export const FIRST_PAGE: PageParam = { page: 1 };

/** Next page: the page number pinned to the first page's snapshot cursor (`before`), so arriving posts never shift pages. */
export function nextParam(last: FeedPage, all: FeedPage[]): PageParam | undefined {
  if (!last.hasMore) return undefined;
  return { page: last.page + 1, before: all[0]?.cursor ?? undefined };
}
