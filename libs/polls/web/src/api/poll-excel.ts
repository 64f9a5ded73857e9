import { useMutation } from '@tanstack/react-query';
import { pollsRoutes } from '@intranet/polls-contract';
import { call } from '@intranet/web-api';

/**
 * GET /api/poll/{poll_id}/excel (§7 Polls, §8 Excel export errors): a signed download URL of the results workbook
 * for `uid` (the caller when absent). Silent: the button shows the error beside it.
 */
export const exportPollExcel = (id: string, uid: string | null) =>
  call(pollsRoutes.pollExcel, { params: { poll_id: id }, query: uid ? { uid } : {}, silent: true });
/** The Excel button's export (`isPending` while the workbook is written, `error` for the §8 text). */
export const useExportPollExcel = () => useMutation({ mutationFn: ({ id, uid }: { id: string; uid: string | null }) => exportPollExcel(id, uid) });
