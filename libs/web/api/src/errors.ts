/** A server field error (§8): `{ field, code, params?, message }`; the web words `code`, `message` is the fallback. */
export interface ApiFieldError {
  field: string;
  code: string;
  params?: Record<string, unknown>;
  message: string;
}

/** Spec §8 texts the web shows itself (the server's own texts come in the error body). */
export const API_TEXT = {
  notFound: 'The requested resource was not found',
  serverError: 'Server error',
  unknown: 'An error occured',
  connection: 'Problems connecting to server',
  noConnection: 'No connection to server!',
} as const;

/** Code of the gateway's 404 for an /api path no route serves (§8 'API not found'; libs/gateway routes-controllers). */
export const API_NOT_FOUND_CODE = 'apiNotFound';

/** True for the gateway's "no such API route" answer (404 `apiNotFound`), as opposed to an entity not found. */
export function isApiNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.status === 404 && e.code === API_NOT_FOUND_CODE;
}

/** Status used for a request that got no response at all (network failure, §8 "No response"). */
export const NO_RESPONSE = 0;

/**
 * A failed API call (§8). Built from the error body `{ name, code, params?, message, errors? }`; `status` is the
 * HTTP status (0 when the server could not be reached); `code`/`params` are what the web words (`errorText` of
 * @intranet/web-i18n), `message` the server's English fallback; `fields` the field errors (`[]` when none;
 * `errors` is the same list or undefined). `silent` is true when the server asked not to show it (no-show flag)
 * or the caller handles it inline.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params?: Record<string, unknown>;
  readonly fields: ApiFieldError[];
  readonly errors?: ApiFieldError[];
  readonly body: unknown;
  silent: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    params?: Record<string, unknown>;
    errors?: ApiFieldError[];
    body?: unknown;
    silent?: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    if (init.params) this.params = init.params;
    this.fields = init.errors ?? [];
    this.errors = init.errors;
    this.body = init.body;
    this.silent = init.silent ?? false;
  }

  /**
   * Field-level messages keyed by field path (first message wins), for showing under inputs. A leading `body.`
   * or `data.` segment is dropped so keys match form field names.
   */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors ?? []) {
      const key = e.field.replace(/^(body|data)\./, '');
      if (!(key in out)) out[key] = e.message;
    }
    return out;
  }
}

/** True when `e` is an ApiError. */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/**
 * Builds an ApiError from an HTTP status and the parsed body (JSON object, text or nothing), following §8:
 * message from `message`, else `error`, else `name`, else text; 404 → 'The requested resource was not found';
 * 500 → 'Server error'; otherwise 'An error occured'.
 */
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const errors = Array.isArray(b.errors)
      ? (b.errors as unknown[])
          .filter((e): e is ApiFieldError => !!e && typeof e === 'object' && typeof (e as ApiFieldError).field === 'string')
          .map((e) => {
            const out: ApiFieldError = { field: e.field, code: str(e.code) ?? 'invalidValue', message: String(e.message ?? '') };
            if (isRecord(e.params)) out.params = e.params;
            return out;
          })
      : undefined;
    const message = str(b.message) ?? str(b.error) ?? str(b.text) ?? (status === 404 ? API_TEXT.notFound : undefined) ?? str(b.name) ?? fallbackText(status);
    return new ApiError({
      status,
      code: str(b.code) ?? str(b.name) ?? codeFor(status),
      params: isRecord(b.params) ? b.params : undefined,
      message,
      errors: errors?.length ? errors : undefined,
      body,
      silent: b.noShow === true || b.no_show === true,
    });
  }
  const text = typeof body === 'string' && body.length > 0 && body.length < 300 && !body.trimStart().startsWith('<') ? body : undefined;
  return new ApiError({ status, code: codeFor(status), message: text ?? fallbackText(status), body });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function fallbackText(status: number): string {
  if (status === 404) return API_TEXT.notFound;
  if (status >= 500) return API_TEXT.serverError;
  return API_TEXT.unknown;
}

function codeFor(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal' : 'unknown';
  }
}

/** The error thrown when the server could not be reached. */
export function connectionError(cause?: unknown): ApiError {
  const e = new ApiError({ status: NO_RESPONSE, code: 'network', message: API_TEXT.connection, silent: true });
  if (cause !== undefined) (e as { cause?: unknown }).cause = cause;
  return e;
}
