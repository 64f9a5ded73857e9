import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call, routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** People per page of the birthdays page. */
export const BIRTHDAYS_PAGE = 50;

/** GET api/clients/{id}/birthdays (§7 Clients): employees by next birthday, within `days` (all when null). */
export const birthdayListQueryOptions = (clientId: string, days: number | null) =>
  routeQuery(socialKeys.birthdays(), socialRoutes.birthdayList, { params: { id: clientId }, query: days === null ? {} : { days } });
/** The birthdays widget's people. */
export const useBirthdays = (clientId: string | null, days: number | null) =>
  useQuery({ ...birthdayListQueryOptions(clientId ?? '', days), enabled: !!clientId });

/** GET api/clients/{id}/birthdays?offset&limit: the birthdays page, nearest first, loaded page by page on the server. */
export const birthdayPagesQueryOptions = (clientId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.birthdayPages(clientId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.birthdayList, { params: { id: clientId }, query: { offset: pageParam, limit: BIRTHDAYS_PAGE }, signal, silent: true }),
    getNextPageParam: (last, all) => (last.length < BIRTHDAYS_PAGE ? undefined : all.length * BIRTHDAYS_PAGE),
  });
/** The birthdays page's people, page by page. */
export const useBirthdayPages = (clientId: string | null) => useInfiniteQuery({ ...birthdayPagesQueryOptions(clientId ?? ''), enabled: !!clientId });
