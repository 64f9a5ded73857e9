import { useEffect, useRef } from 'react';
import { acquireRealtime } from './realtime.ts';

/**
 * Listens to one server event of the shared §4 realtime socket while the component is mounted (and `enabled`).
 * The latest `handler` is always called, so it need not be memoised. Input: the event subject (e.g.
 * `evt.people.import.progress`) and a handler receiving its payload.
 */
export function useRealtimeEvent<T>(subject: string, handler: (payload: T) => void, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const rt = acquireRealtime();
    rt.on<T>(subject, (payload) => latest.current(payload));
    return () => rt.release();
  }, [subject, enabled]);
}
