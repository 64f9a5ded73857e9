import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { registerViews } from './api/post-all-view.ts';

/** Posts seen within this window go in one PUT api/post/all/view. */
const VIEW_BATCH_MS = 600;

/** A post counts as seen when half of it (or half the screen, for a tall post) is visible. */
function seen(e: IntersectionObserverEntry): boolean {
  if (!e.isIntersecting) return false;
  const screen = e.rootBounds?.height ?? window.innerHeight;
  return e.intersectionRatio >= 0.5 || e.intersectionRect.height >= screen / 2;
}

/**
 * §4 Posts views for a feed: posts scrolling into view are registered in batches by PUT api/post/all/view (`where`
 * names the feed); each post at most once per page session (the server counts a user's view once anyway). Output: a
 * ref callback for an element carrying `data-post-id`; pass it only for posts the caller has not viewed yet.
 */
export function useFeedViews(where: string): (el: HTMLElement | null) => (() => void) | undefined {
  const qc = useQueryClient();
  const state = useRef({
    pending: new Set<string>(),
    sent: new Set<string>(),
    timer: null as ReturnType<typeof setTimeout> | null,
    observer: null as IntersectionObserver | null,
  });

  const flush = useCallback(() => {
    const s = state.current;
    s.timer = null;
    const ids = [...s.pending];
    s.pending.clear();
    registerViews(qc, ids, where);
  }, [qc, where]);

  const observer = useCallback((): IntersectionObserver | null => {
    const s = state.current;
    if (s.observer || typeof IntersectionObserver === 'undefined') return s.observer;
    s.observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.postId;
          if (!id || !seen(e) || s.sent.has(id)) continue;
          s.sent.add(id);
          s.pending.add(id);
          s.observer?.unobserve(e.target);
        }
        if (s.pending.size && !s.timer) s.timer = setTimeout(flush, VIEW_BATCH_MS);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    return s.observer;
  }, [flush]);

  // Leaving the page sends what is pending rather than dropping it.
  useEffect(
    () => () => {
      const s = state.current;
      if (s.timer) {
        clearTimeout(s.timer);
        flush();
      }
      s.observer?.disconnect();
      s.observer = null;
    },
    [flush],
  );

  return useCallback(
    (el: HTMLElement | null) => {
      const o = observer();
      if (!el || !o || state.current.sent.has(el.dataset.postId ?? '')) return undefined;
      o.observe(el);
      return () => o.unobserve(el);
    },
    [observer],
  );
}
