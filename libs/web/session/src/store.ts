import { clearStoredSession, onUnauthorized, readKey, readStoredAuth, STORAGE_KEYS, writeKey, writeStoredClient, type StoredClient } from '@intranet/web-api';
import { decodeToken, isExpired } from './token.ts';

/** The stored part of the session (§4 keys), as a snapshot for React. */
export interface SessionSnapshot {
  authorized: boolean;
  token: string | null;
  uid: string | null;
  /** client_id from the token (null for the superadmin). */
  tokenClientId: string | null;
  currentClient: StoredClient | null;
}

const ANONYMOUS: SessionSnapshot = { authorized: false, token: null, uid: null, tokenClientId: null, currentClient: null };

function read(): SessionSnapshot {
  const a = readStoredAuth();
  if (!a.authorized || !a.token) return { ...ANONYMOUS, currentClient: a.currentClient };
  const p = decodeToken(a.token);
  if (!p || isExpired(p)) return { ...ANONYMOUS };
  return { authorized: true, token: a.token, uid: a.uid ?? p.result._id, tokenClientId: p.client_id, currentClient: a.currentClient };
}

let snapshot: SessionSnapshot = read();
const listeners = new Set<() => void>();
/** The session ended without the user signing out (token expired, revoked, 401): the sign-in page says so. */
let endedUnexpectedly = false;
let expiryTimer: ReturnType<typeof setTimeout> | null = null;

/** Re-reads the session when the token's `exp` passes, so an idle page notices the expiry (not only the next call). */
function watchExpiry(): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
  const p = snapshot.token ? decodeToken(snapshot.token) : null;
  if (!snapshot.authorized || !p?.exp) return;
  // setTimeout holds at most ~24.8 days; a longer token is re-checked then.
  const ms = Math.min(Math.max(p.exp * 1000 - Date.now() + 500, 0), 2 ** 31 - 1);
  expiryTimer = setTimeout(() => publish(), ms);
  (expiryTimer as { unref?: () => void }).unref?.();
}

function publish(explicit = false): void {
  const was = snapshot.authorized;
  snapshot = read();
  if (snapshot.authorized) endedUnexpectedly = false;
  else if (was && !explicit) endedUnexpectedly = true;
  watchExpiry();
  for (const l of [...listeners]) l();
}

/** Whether the last session ended by itself (expired, revoked) rather than by signing out (issue 8 §4). */
export function sessionEndedUnexpectedly(): boolean {
  return endedUnexpectedly;
}

/** Subscribes to session changes (sign-in, sign-out, 401, other tabs). */
export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Current stored session. */
export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

/**
 * §4 session check: an empty or expired token clears the stored session. Returns true when a valid token is
 * stored.
 */
export function checkStoredSession(): boolean {
  const a = readStoredAuth();
  const p = decodeToken(a.token);
  if (!a.authorized || !a.token || !p || isExpired(p)) {
    if (a.token || a.authorized || a.uid) clearStoredSession();
    if (snapshot.authorized) publish();
    return false;
  }
  return true;
}

/**
 * §4 on login: decodes the token; when expired clears authorization, token and uid and returns false;
 * otherwise stores authorization=true, token and uid and returns true. The stored current client is replaced when
 * it belongs to another client.
 */
export function storeLogin(token: string, userId?: string): boolean {
  const p = decodeToken(token);
  if (!p || isExpired(p)) {
    clearStoredSession();
    publish();
    return false;
  }
  writeKey(STORAGE_KEYS.authorization, 'true');
  writeKey(STORAGE_KEYS.token, token);
  writeKey(STORAGE_KEYS.uid, userId ?? p.result._id);
  const current = readStoredAuth().currentClient;
  if (current && p.client_id && current._id !== p.client_id) writeStoredClient(null);
  publish();
  return true;
}

/** Forgets the stored session (logout, failed session check). */
export function clearSession(): void {
  clearStoredSession();
  publish(true);
}

/** Remembers the client whose workspace goes to X-COMPANY-ID (superadmin picks one; others get their own). */
export function setCurrentClient(client: StoredClient | null): void {
  const cur = readStoredAuth().currentClient;
  if (cur?._id === client?._id && cur?.workspace === client?.workspace && cur?.name === client?.name) return;
  writeStoredClient(client);
  publish();
}

const WANTED_PATH_KEY = 'wantedPath';

/** Remembers the path a visitor wanted before being sent to /login (§2). */
export function rememberPath(path: string): void {
  try {
    sessionStorage.setItem(WANTED_PATH_KEY, path);
  } catch {
    /* ignore */
  }
}

/** Returns and forgets the remembered path (null when none). */
export function takeRememberedPath(): string | null {
  try {
    const p = sessionStorage.getItem(WANTED_PATH_KEY);
    sessionStorage.removeItem(WANTED_PATH_KEY);
    return p && p.startsWith('/') && !p.startsWith('//') ? p : null;
  } catch {
    return null;
  }
}

/** Stores the client's start page (§2: client start_page setting, kept in local storage). */
export function storeStartPage(startPage: string | null | undefined): void {
  writeKey(STORAGE_KEYS.startPage, startPage || null);
}

/**
 * Where the root path leads (§2): superadmin → /clients; otherwise the stored start page ('profile' →
 * /profile/{uid}) or /company.
 */
export function startPath(opts: { superadmin: boolean; uid: string | null }): string {
  if (opts.superadmin) return '/clients';
  const sp = (readKey(STORAGE_KEYS.startPage) ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!sp || sp === 'company') return '/company';
  if (sp === 'profile') return opts.uid ? `/profile/${opts.uid}` : '/company';
  return `/${sp}`;
}

onUnauthorized(() => publish());
if (typeof window !== 'undefined') watchExpiry();
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(STORAGE_KEYS).includes(e.key as never)) publish();
  });
}
