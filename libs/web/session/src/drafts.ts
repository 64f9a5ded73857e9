import { useCallback, useEffect, useRef, useState } from 'react';
import { getSessionSnapshot, subscribeSession } from './store.ts';

const PREFIX = 'draft:';

/** Local-storage key of one user's draft (drafts are per user: a shared computer must not show another's text). */
export const draftKey = (uid: string, key: string) => `${PREFIX}${uid}:${key}`;

/** The stored draft of `uid` under `key`, or null. */
export function readDraft<T>(uid: string | null, key: string): T | null {
  if (!uid) return null;
  try {
    const raw = localStorage.getItem(draftKey(uid, key));
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** Stores (or, with null, forgets) a draft of `uid`. Storage failures (quota, private mode) are ignored. */
export function writeDraft<T>(uid: string | null, key: string, value: T | null): void {
  if (!uid) return;
  try {
    if (value === null) localStorage.removeItem(draftKey(uid, key));
    else localStorage.setItem(draftKey(uid, key), JSON.stringify(value));
  } catch {
    /* ignore */
  }
}

/**
 * A composer's state kept in local storage per signed-in user (issue 8 §4: a half-written post survives an expired
 * or revoked session and a reload). Input: a key naming the composer (e.g. `post`, `comment:<postId>`), the empty
 * value and `isEmpty` (an empty draft is removed). Output: [value, set, clear]. While nobody is signed in the value
 * stays in memory and nothing is written, so a session ending mid-typing keeps what is stored for the next sign-in.
 */
export function useDraft<T>(key: string, empty: T, isEmpty: (v: T) => boolean): [T, (v: T | ((prev: T) => T)) => void, () => void] {
  const uidRef = useRef(getSessionSnapshot().uid);
  const [value, setValue] = useState<T>(() => readDraft<T>(uidRef.current, key) ?? empty);
  const emptyRef = useRef(isEmpty);
  emptyRef.current = isEmpty;
  const blank = useRef(empty);
  blank.current = empty;

  useEffect(
    () =>
      subscribeSession(() => {
        const uid = getSessionSnapshot().uid;
        if (uid && uid !== uidRef.current) {
          uidRef.current = uid;
          const stored = readDraft<T>(uid, key);
          if (stored !== null) setValue(stored);
        } else if (!uid) uidRef.current = null;
      }),
    [key],
  );

  const set = useCallback(
    (v: T | ((prev: T) => T)) =>
      setValue((prev) => {
        const next = typeof v === 'function' ? (v as (p: T) => T)(prev) : v;
        // Only the signed-in user's own draft is written; after a sign-out the stored one stays as it was.
        const uid = getSessionSnapshot().authorized ? getSessionSnapshot().uid : null;
        writeDraft(uid, key, emptyRef.current(next) ? null : next);
        return next;
      }),
    [key],
  );
  const clear = useCallback(() => {
    writeDraft(getSessionSnapshot().uid, key, null);
    setValue(blank.current);
  }, [key]);
  return [value, set, clear];
}
