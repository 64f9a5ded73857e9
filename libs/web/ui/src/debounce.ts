import { useEffect, useState } from 'react';

/**
 * Hook: `value` once it has stayed the same for `ms` milliseconds (a search waits for a pause in typing); the first
 * render returns `value` itself. One hook for every domain (issue 31 §4).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}
