import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@intranet/web-session';
import { ActivityTracker } from './activity.ts';
import { recordVisits } from './api/module-record.ts';
import { recordSessions } from './api/session-record.ts';

/** How often queued reports are sent and an idle session is ended. */
const TICK_MS = 30_000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Renders nothing: the root layout's session and module-visit reporting (§2, §4) for the signed-in user of a
 * workspace, shown through the shell's `layout` widget slot so the shell itself holds no analytics code.
 */
export function ActivityBeacon() {
  const { pathname } = useLocation();
  const { uid } = useSession();
  const tracker = useRef<ActivityTracker | null>(null);
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    if (!uid) return;
    const t = new ActivityTracker((b) => {
      if (b.sessions.length) recordSessions(b.sessions);
      if (b.visits.length) recordVisits(b.visits);
    });
    tracker.current = t;
    t.navigate(path.current);
    const onActivity = () => t.activity();
    const onHide = () => t.close();
    const onShow = (e: PageTransitionEvent) => e.persisted && t.resume(path.current);
    const onVisibility = () => document.visibilityState === 'hidden' && t.tick();
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true });
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onVisibility);
    const timer = window.setInterval(() => t.tick(), TICK_MS);
    return () => {
      window.clearInterval(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
      document.removeEventListener('visibilitychange', onVisibility);
      // Signing out or switching users ends the session and the visit while the token is still stored.
      t.close();
      tracker.current = null;
    };
  }, [uid]);

  useEffect(() => {
    tracker.current?.navigate(pathname);
  }, [pathname]);
  return null;
}
