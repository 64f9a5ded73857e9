/**
 * Session of the web (spec §4): stored keys (authorization, token, uid, currentClient), token decoding, the
 * current user and client loaded from the API, React context and hooks. A Module Federation singleton.
 */
export { decodeToken, isExpired, type TokenPayload } from './token.ts';
export {
  getSessionSnapshot,
  subscribeSession,
  checkStoredSession,
  storeLogin,
  clearSession,
  setCurrentClient,
  rememberPath,
  takeRememberedPath,
  sessionEndedUnexpectedly,
  storeStartPage,
  startPath,
  type SessionSnapshot,
} from './store.ts';
export { SessionProvider, useSession, useCurrentUser, useCurrentClient, sessionKeys, type SessionValue, type SessionStatus } from './provider.tsx';
export { mountStandalone, type StandaloneOptions } from './standalone.tsx';
export { acquireRealtime, type RealtimeHandle } from './realtime.ts';
export { useRealtimeEvent } from './useRealtime.ts';
export { useDraft, readDraft, writeDraft, draftKey } from './drafts.ts';
export { registerWidgets, WidgetSlot, type SlotProps, type SlotWidget } from './widgets.tsx';
export { LoadError, loadErrorState, NeedSession, type LoadErrorProps, type StateText } from './states.tsx';
