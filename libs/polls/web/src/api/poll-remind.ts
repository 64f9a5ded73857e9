import { useMutation } from '@tanstack/react-query';
import { pollsRoutes } from '@intranet/polls-contract';
import { call } from '@intranet/web-api';

/** POST /api/poll/{_id}/remind: reminds the recipients who have not answered. Output: how many were reminded. */
export const remindPoll = (id: string) => call(pollsRoutes.pollRemind, { params: { _id: id } });
/** The not-passed tab's remind action (`isPending` while it runs). */
export const useRemindPoll = () => useMutation({ mutationFn: remindPoll });
