import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
// The routes' zod-free refs, not the contracts: the session layer is part of the shell's first load (issue 8 §5).
import { allows, access, type FeatureRight } from '@intranet/platform-contracts/base';
import type { Client } from '@intranet/clients-contract';
import { clientRefs } from '@intranet/clients-contract/refs';
import { fileRefs } from '@intranet/files-contract/refs';
import type { User } from '@intranet/people-contract';
import { peopleRefs } from '@intranet/people-contract/refs';
import { call, isApiError, type StoredClient } from '@intranet/web-api';
import { checkStoredSession, clearSession, getSessionSnapshot, setCurrentClient, storeLogin, storeStartPage, subscribeSession } from './store.ts';

/**
 * anonymous: no valid token; loading: user or client not loaded yet; ready: both present (client may be null for
 * the superadmin); error: loading failed for another reason than a rejected session (server error).
 */
export type SessionStatus = 'anonymous' | 'loading' | 'ready' | 'error';

export interface SessionValue {
  status: SessionStatus;
  token: string | null;
  uid: string | null;
  user: User | null;
  /** The user's client; for the superadmin the chosen working client (stored currentClient), if any. */
  client: Client | null;
  /** Workspace code sent as X-COMPANY-ID. */
  workspace: string | null;
  isSuperadmin: boolean;
  /** Admin rights also hold for the superadmin (§6). */
  isAdmin: boolean;
  /** Whether the user has a feature right (§6; admins and the superadmin have all). */
  hasRight: (right: FeatureRight) => boolean;
  /**
   * Stores a sign-in answer `{ token, result, _id }` (§4). Returns false when the token is already expired (the
   * session is then cleared).
   */
  signIn: (answer: { token: string; result?: User; _id?: string }) => boolean;
  /** POST /api/logout (best effort), then clears the session and the query cache. */
  signOut: () => Promise<void>;
  /** Superadmin: choose the working client (its workspace goes to X-COMPANY-ID). */
  selectClient: (client: StoredClient | null) => void;
  /** The error that stopped loading (status 'error'). */
  loadError: unknown;
  /** Loads the user and client again (after status 'error'). */
  reload: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Query keys of the session data (other code may invalidate them after editing the user or client). */
export const sessionKeys = {
  user: (id: string | null) => ['session', 'user', id] as const,
  client: (id: string | null) => ['session', 'client', id] as const,
};

function retryUnlessClientError(count: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error) && error.status === 0) return false;
  return count < 2;
}

/** Milliseconds until the download cookie should be renewed: a minute before `expires` (epoch seconds), at least 30 s. */
function renewIn(expires: number | undefined): number {
  return expires ? Math.max(30_000, expires * 1000 - Date.now() - 60_000) : 30_000;
}

/**
 * Session state of §4 for the whole app (shared singleton across remotes): reads the stored token, loads the
 * current user (GET /api/user/{id}) and client (GET /api/clients/{id}) and sets the file download cookie (PUT
 * /api/files/session); a failed session check clears the session.
 * Needs a QueryClientProvider above it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const snap = useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);
  const qc = useQueryClient();

  useEffect(() => {
    checkStoredSession();
  }, []);

  const userQ = useQuery({
    queryKey: sessionKeys.user(snap.uid),
    queryFn: ({ signal }) => call(peopleRefs.userGet, { params: { id: snap.uid! }, signal, silent: true, workspace: null }),
    enabled: snap.authorized && !!snap.uid,
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  });
  // File links expire after an hour and renew for a signed-in member through the HttpOnly download cookie
  // (issue 18 §4): set beside the user's load, before any page shows a stored avatar. The cookie holds a download
  // token of its own that lives 30 minutes (issue 38 §5), so it is renewed a minute before it expires.
  const filesQ = useQuery({
    queryKey: ['session', 'files', snap.token],
    queryFn: ({ signal }) => call(fileRefs.fileSession, { signal, silent: true }),
    enabled: snap.authorized && !!snap.token,
    staleTime: (q) => renewIn(q.state.data?.expires),
    refetchInterval: (q) => renewIn(q.state.data?.expires),
    refetchIntervalInBackground: true,
    gcTime: Infinity,
    retry: 1,
  });
  const user = snap.authorized ? (userQ.data ?? null) : null;
  const isSuperadmin = !!user?.roles.includes('superadmin');
  const clientId = user ? (isSuperadmin ? (snap.currentClient?._id ?? null) : user.client_id) : null;

  const clientQ = useQuery({
    queryKey: sessionKeys.client(clientId),
    queryFn: ({ signal }) => call(clientRefs.clientGet, { params: { id: clientId! }, signal, silent: true }),
    enabled: !!clientId,
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  });
  const client = clientId ? (clientQ.data ?? null) : null;

  // Failed session check (§2, §4): the user cannot be loaded → clear and go to /login.
  useEffect(() => {
    const err = userQ.error;
    if (err && isApiError(err) && err.status >= 400 && err.status < 500) clearSession();
  }, [userQ.error]);
  // A superadmin's stored working client that no longer exists is forgotten.
  useEffect(() => {
    const err = clientQ.error;
    if (isSuperadmin && err && isApiError(err) && err.status === 404) setCurrentClient(null);
  }, [clientQ.error, isSuperadmin]);

  useEffect(() => {
    if (!client) return;
    setCurrentClient({ _id: client._id, workspace: client.workspace, name: client.name });
    if (!isSuperadmin) storeStartPage(client.start_page);
  }, [client, isSuperadmin]);

  const signIn = useCallback(
    (answer: { token: string; result?: User; _id?: string }) => {
      const id = answer.result?._id ?? answer._id;
      if (answer.result && id) qc.setQueryData(sessionKeys.user(id), answer.result);
      return storeLogin(answer.token, id);
    },
    [qc],
  );

  const signOut = useCallback(async () => {
    const uid = getSessionSnapshot().uid;
    try {
      await call(peopleRefs.authLogout, { body: { user: uid ?? undefined }, silent: true });
    } catch {
      /* the token is forgotten anyway */
    }
    clearSession();
    qc.clear();
  }, [qc]);

  let status: SessionStatus = 'anonymous';
  if (snap.authorized && snap.token) {
    const clientPending = !isSuperadmin && (!user || (!!clientId && !client));
    // A failed cookie call only breaks old file links: the pages still work.
    status = !user || clientPending || filesQ.isPending ? 'loading' : 'ready';
    if (status === 'loading' && (userQ.isError || (clientId && !isSuperadmin && clientQ.isError))) status = 'error';
  }
  const loadError = userQ.error ?? clientQ.error ?? null;
  const reload = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['session'] });
  }, [qc]);

  const value = useMemo<SessionValue>(() => {
    const roles = user?.roles ?? null;
    return {
      status,
      token: snap.token,
      uid: snap.uid,
      user,
      client,
      workspace: client?.workspace ?? snap.currentClient?.workspace ?? null,
      isSuperadmin,
      isAdmin: allows(access.admin, roles),
      hasRight: (right: FeatureRight) => allows(access.feature(right), roles),
      signIn,
      signOut,
      selectClient: setCurrentClient,
      loadError,
      reload,
    };
  }, [status, snap, user, client, isSuperadmin, signIn, signOut, loadError, reload]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session (§4). Throws outside SessionProvider. */
export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession must be used inside <SessionProvider>');
  return v;
}

/** The signed-in user or null. */
export function useCurrentUser(): User | null {
  return useSession().user;
}

/** The current client (workspace) or null. */
export function useCurrentClient(): Client | null {
  return useSession().client;
}
