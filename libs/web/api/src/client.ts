import { fillPath, type RouteRef, type RouteTarget } from '@intranet/platform-contracts/base';
import type { RouteDef, RouteResult, z } from '@intranet/platform-contracts';
import { ApiError, connectionError, errorFromResponse, isApiNotFound } from './errors.ts';
import { clearStoredSession, readStoredAuth, writeLoginNotice } from './storage.ts';

/** What a caller passes to `call`: params are required only when the route has path parameters. */
export type CallInput<D extends RouteDef> = (Record<never, never> extends z.input<D['params']>
  ? { params?: z.input<D['params']> }
  : { params: z.input<D['params']> }) & {
  query?: z.input<D['query']>;
  body?: z.input<D['body']>;
  signal?: AbortSignal;
  /** Do not announce the error to the global error listener (the caller shows it inline). */
  silent?: boolean;
  /** X-COMPANY-ID override: undefined → the stored current client's workspace; null → no header. */
  workspace?: string | null;
};

/** Arguments after the route: optional when the route has no path parameters. */
export type CallArgs<D extends RouteDef> = Record<never, never> extends CallInput<D> ? [input?: CallInput<D>] : [input: CallInput<D>];

type Listener<T> = (value: T) => void;

function emitter<T>() {
  const set = new Set<Listener<T>>();
  return {
    on(fn: Listener<T>): () => void {
      set.add(fn);
      return () => set.delete(fn);
    },
    emit(value: T): void {
      for (const fn of [...set]) {
        try {
          fn(value);
        } catch (e) {
          console.error(e);
        }
      }
    },
  };
}

const unauthorized = emitter<ApiError>();
const connectionLost = emitter<ApiError>();
const apiErrors = emitter<ApiError>();

let baseUrl = '';

/** Sets the API origin (default '' = the page origin, §7 "Base address is the page origin"). */
export function configureApi(options: { baseUrl?: string }): void {
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl.replace(/\/$/, '');
}

/**
 * Subscribes to answers that end the session on an authenticated call: 401, and 403 with code 'login_blocked'
 * (the client was blocked mid-session; the error's `code` tells which, and the sign-in page finds the
 * 'blocked' login notice). The stored session (§4 keys) is already cleared when the listener runs; the shell
 * navigates to /login (§8). Returns the unsubscribe function.
 */
export function onUnauthorized(fn: Listener<ApiError>): () => void {
  return unauthorized.on(fn);
}

/** Subscribes to "no response" failures (§8: full-screen 'No connection to server!'). Returns unsubscribe. */
export function onConnectionLost(fn: Listener<ApiError>): () => void {
  return connectionLost.on(fn);
}

/**
 * Subscribes to API errors the user should see in the error dialog (§8: 404 'The requested resource was not
 * found', 500 'Server error', ...). Not emitted for 401, network failures, field validation errors, silent calls
 * or bodies with the no-show flag. Returns unsubscribe.
 */
export function onApiError(fn: Listener<ApiError>): () => void {
  return apiErrors.on(fn);
}

/**
 * Request headers: bearer token and X-COMPANY-ID workspace code when present (§7). `workspace` overrides the
 * stored current client (null: send no workspace header).
 */
export function authHeaders(workspace?: string | null): Record<string, string> {
  const auth = readStoredAuth();
  const h: Record<string, string> = {};
  if (auth.token) h.Authorization = `Bearer ${auth.token}`;
  const ws = workspace === undefined ? auth.currentClient?.workspace : workspace;
  if (ws) h['X-COMPANY-ID'] = ws;
  return h;
}

/** Builds the URL of a route: fills `{param}` placeholders and appends the query string. */
export function routeUrl(route: Pick<RouteTarget, 'path'>, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  let url = baseUrl + fillPath(route.path, params ?? {});
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
      else qs.append(k, String(v));
    }
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  return url;
}

/**
 * Whether the call sends a JSON body: every method but GET, and a DELETE only when the call gives one (§7 names some
 * deletions by a body, e.g. DELETE api/adaptation/track/{track}/stage { _id }).
 */
function hasBody(route: RouteTarget, body: unknown): boolean {
  return route.method === 'DELETE' ? body !== undefined : route.method !== 'GET';
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json') || /^[[{"]/.test(text.trimStart())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Gateway/proxy answers without a JSON body on 502/503/504 mean the API is unreachable. */
function isProxyFailure(status: number, body: unknown): boolean {
  return (status === 502 || status === 503 || status === 504) && (body === undefined || typeof body === 'string');
}

/** Applies §8 to a finished response: returns the payload or throws an ApiError (after notifying listeners). */
function settle<D extends RouteDef>(route: RouteTarget, status: number, body: unknown, silent: boolean, sentToken: boolean): RouteResult<D> {
  if (status >= 200 && status < 300) {
    if (route.envelope === 'result' && body && typeof body === 'object' && 'result' in body) {
      return (body as { result: RouteResult<D> }).result;
    }
    return body as RouteResult<D>;
  }
  if (isProxyFailure(status, body)) {
    const err = connectionError();
    connectionLost.emit(err);
    throw err;
  }
  const err = errorFromResponse(status, body);
  const blocked = status === 403 && err.code === 'login_blocked';
  if ((status === 401 || blocked) && route.access.kind !== 'public' && sentToken) {
    clearStoredSession();
    if (blocked) writeLoginNotice('blocked');
    err.silent = true;
    unauthorized.emit(err);
    throw err;
  }
  // A route the server does not have (the gateway's 404 `apiNotFound`) is always shown: no caller can handle it inline.
  if (isApiNotFound(err)) err.silent = false;
  else if (silent) err.silent = true;
  if (!err.silent && !(status === 400 && err.errors?.length)) apiErrors.emit(err);
  throw err;
}

/**
 * Calls a contract route (DESIGN §4) and returns its typed result.
 * Input: the route definition (or its `RouteRef`: only method, path, envelope and access are read) and `{ params, query, body }`. Output: the `result` field for routes with the
 * `result` envelope, the raw body for `raw` routes. Throws ApiError per §8 (401 and 403 'Login blocked' clear the
 * session and notify `onUnauthorized`; no response notifies `onConnectionLost`). A POST carries an Idempotency-Key
 * and is retried twice with it when the connection fails.
 */
export async function call<D extends RouteDef>(route: D | RouteRef<D>, ...args: CallArgs<D>): Promise<RouteResult<D>> {
  const input = (args[0] ?? {}) as CallInput<RouteDef> & { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(input.workspace) };
  const init: RequestInit = { method: route.method, headers, signal: input.signal, credentials: 'same-origin' };
  if (hasBody(route, input.body)) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(input.body ?? {});
  }
  // Issue 18 §4: one key per call of a POST, kept across its retries, so a write whose answer was lost is not
  // made twice (the gateway answers a repeated key with the first answer).
  const retries = route.method === 'POST' ? RETRY_DELAYS_MS : [];
  if (route.method === 'POST') headers['Idempotency-Key'] = idempotencyKey();
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(routeUrl(route, input.params, input.query), init);
      break;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      if (attempt < retries.length) {
        await new Promise((r) => setTimeout(r, retries[attempt]));
        continue;
      }
      const err = connectionError(e);
      connectionLost.emit(err);
      throw err;
    }
  }
  const body = parseBody(await res.text().catch(() => ''), res.headers.get('content-type'));
  return settle<D>(route, res.status, body, input.silent ?? false, 'Authorization' in headers);
}

/** Waits before the retries of a POST whose connection failed (the same Idempotency-Key each time). */
const RETRY_DELAYS_MS = [400, 1500];

/** A random key (UUID form); crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Upload progress: bytes sent, total bytes and 0–100 percent. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/**
 * Sends a (possibly large) body with XMLHttpRequest so upload progress can be shown (§7 Upload; CSV import).
 * Input: route, body (FormData is sent as multipart, anything else as JSON), progress callback and optional
 * params/query/signal. Output and errors as `call`.
 */
export function upload<D extends RouteDef>(
  route: D | RouteRef<D>,
  body: z.input<D['body']> | FormData,
  onProgress?: (p: UploadProgress) => void,
  options: { params?: z.input<D['params']>; query?: z.input<D['query']>; signal?: AbortSignal; silent?: boolean; workspace?: string | null } = {},
): Promise<RouteResult<D>> {
  return new Promise<RouteResult<D>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, routeUrl(route, options.params as Record<string, unknown>, options.query as Record<string, unknown>));
    const headers = { Accept: 'application/json', ...authHeaders(options.workspace) };
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    let payload: XMLHttpRequestBodyInit;
    if (body instanceof FormData) payload = body;
    else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      payload = JSON.stringify(body ?? {});
    }
    xhr.upload.onprogress = (ev) => {
      if (!onProgress) return;
      const total = ev.lengthComputable ? ev.total : 0;
      onProgress({ loaded: ev.loaded, total, percent: total ? Math.min(100, Math.round((ev.loaded / total) * 100)) : 0 });
    };
    xhr.upload.onload = () => onProgress?.({ loaded: 1, total: 1, percent: 100 });
    xhr.onerror = () => {
      const err = connectionError();
      connectionLost.emit(err);
      reject(err);
    };
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      try {
        resolve(
          settle<D>(route, xhr.status, parseBody(xhr.responseText, xhr.getResponseHeader('content-type')), options.silent ?? false, 'Authorization' in headers),
        );
      } catch (e) {
        reject(e instanceof ApiError ? e : connectionError(e));
      }
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(payload);
  });
}
