/**
 * Persistent session keys of spec §4 (`authorization`, `token`, `uid`, `currentClient`), kept in localStorage.
 * The API client reads the token and workspace from here on every call and clears them on 401 (§8); the session
 * library (`@intranet/web-session`) writes them on sign-in.
 */

export const STORAGE_KEYS = {
  authorization: 'authorization',
  token: 'token',
  uid: 'uid',
  currentClient: 'currentClient',
  startPage: 'startPage',
} as const;

/** What is remembered of the current client (workspace code goes to the X-COMPANY-ID header, §7). */
export interface StoredClient {
  _id: string;
  workspace: string;
  name: string;
}

export interface StoredAuth {
  authorized: boolean;
  token: string | null;
  uid: string | null;
  currentClient: StoredClient | null;
}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads a key; null when storage is unavailable. */
export function readKey(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a key; storage failures are ignored. */
export function writeKey(key: string, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* private mode or quota: the session simply is not persisted */
  }
}

/** Parses the stored current client; a corrupt value is treated as absent. */
export function readStoredClient(): StoredClient | null {
  const raw = readKey(STORAGE_KEYS.currentClient);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredClient>;
    return v && typeof v._id === 'string' && typeof v.workspace === 'string'
      ? { _id: v._id, workspace: v.workspace, name: typeof v.name === 'string' ? v.name : v.workspace }
      : null;
  } catch {
    return null;
  }
}

/** Stores (or with null forgets) the current client (§4 `currentClient`). */
export function writeStoredClient(client: StoredClient | null): void {
  writeKey(STORAGE_KEYS.currentClient, client ? JSON.stringify({ _id: client._id, workspace: client.workspace, name: client.name }) : null);
}

/** The §4 session keys as one object. */
export function readStoredAuth(): StoredAuth {
  return {
    authorized: readKey(STORAGE_KEYS.authorization) === 'true',
    token: readKey(STORAGE_KEYS.token),
    uid: readKey(STORAGE_KEYS.uid),
    currentClient: readStoredClient(),
  };
}

/** Clears authorization, token, uid and currentClient (§4, §8 on 401 / expired token / logout). */
export function clearStoredSession(): void {
  writeKey(STORAGE_KEYS.authorization, null);
  writeKey(STORAGE_KEYS.token, null);
  writeKey(STORAGE_KEYS.uid, null);
  writeKey(STORAGE_KEYS.currentClient, null);
}

const LOGIN_NOTICE_KEY = 'loginNotice';

/** Why the session ended, for the sign-in page to say (§8: 403 → login error 'Login blocked'). */
export type LoginNotice = 'blocked';

/** Remembers (or with null forgets) why the session ended, for this tab only (sessionStorage). */
export function writeLoginNotice(notice: LoginNotice | null): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (notice) sessionStorage.setItem(LOGIN_NOTICE_KEY, notice);
    else sessionStorage.removeItem(LOGIN_NOTICE_KEY);
  } catch {
    /* storage unavailable: the sign-in page simply says nothing */
  }
}

/** The remembered reason the session ended, or null. Does not forget it (see writeLoginNotice(null)). */
export function readLoginNotice(): LoginNotice | null {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(LOGIN_NOTICE_KEY) === 'blocked' ? 'blocked' : null;
  } catch {
    return null;
  }
}
