import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarRoutes } from '@intranet/calendar-contract';
import { call } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';

/** DELETE api/event/feed (§7 Events .ics feed): revoke the caller's link. */
export const revokeFeed = () => call(calendarRoutes.feedRevoke, { silent: true });
/** Revokes the link and reloads the shown one. */
export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeFeed, onSuccess: () => void qc.invalidateQueries({ queryKey: calendarKeys.feed() }) });
}
