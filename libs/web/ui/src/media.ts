import { useSyncExternalStore } from 'react';

/** Layout breakpoints of §2 (px): phone 481, mobile 769, tablet 1025, mac 1281. */
export const BREAKPOINTS = { phone: 481, mobile: 769, tablet: 1025, mac: 1281 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** True while the media query matches (re-renders on change). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True when the viewport is narrower than the given §2 breakpoint (e.g. `useBelow('mobile')` → phone layout). */
export function useBelow(bp: Breakpoint): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS[bp] - 1}px)`);
}
