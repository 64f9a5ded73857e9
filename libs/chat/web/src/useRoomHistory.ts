import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@intranet/chat-contract';
import { msgListQueryOptions } from './api/msg-list.ts';
import { mergeById } from './history.ts';

/** Whether older history exists, the id to page before, and whether that page is loading. */
export type Older = { hasMore: boolean; before: string | null; loading: boolean };

/**
 * The messages of room `id` as the page holds them (GET api/chat/room/{id}/msgs pages merged with the socket's
 * messages by id): `loadNewest` reads the newest page (again after a reconnect: whatever arrived meanwhile is
 * merged), `loadOlder` the page before the oldest one held. `loadError` is the newest page's failure.
 */
export function useRoomHistory(id: string) {
  const qc = useQueryClient();
  const [msgs, setMsgs] = useState<ChatMessage[]>([]);
  const [older, setOlder] = useState<Older>({ hasMore: false, before: null, loading: false });
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loaded, setLoaded] = useState(false);
  const merge = useCallback((add: ChatMessage[]) => setMsgs((cur) => mergeById(cur, add)), []);
  const drop = useCallback((msgId: string) => setMsgs((cur) => cur.filter((m) => m._id !== msgId)), []);
  const page = useCallback((before?: string) => qc.fetchQuery({ ...msgListQueryOptions(id, before), staleTime: 0 }), [qc, id]);

  const loadNewest = useCallback(async () => {
    try {
      const p = await page();
      setMsgs((cur) => (cur.length ? mergeById(cur, p.msgs) : p.msgs));
      setOlder((o) => (o.before ? o : { hasMore: p.hasMore, before: p.before, loading: false }));
      setLoaded(true);
      setLoadError(null);
    } catch (err) {
      setLoadError(err);
    }
  }, [page]);

  const loadOlder = useCallback(async () => {
    if (!older.hasMore || older.loading || !older.before) return;
    setOlder((o) => ({ ...o, loading: true }));
    try {
      const p = await page(older.before);
      merge(p.msgs);
      setOlder({ hasMore: p.hasMore, before: p.before, loading: false });
    } catch {
      setOlder((o) => ({ ...o, loading: false }));
    }
  }, [page, older, merge]);

  return { msgs, older, loaded, loadError, merge, drop, loadNewest, loadOlder };
}
