import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarRoutes } from '@intranet/calendar-contract';
import { call } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';

/** POST api/event/feed (§7 Events .ics feed): a new private link (the previous one stops working). */
export const issueFeed = () => call(calendarRoutes.feedIssue, { silent: true });
/** Issues a link and reloads the shown one. */
export function useIssueFeed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: issueFeed, onSuccess: () => void qc.invalidateQueries({ queryKey: calendarKeys.feed() }) });
}
