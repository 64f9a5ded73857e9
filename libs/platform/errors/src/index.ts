/**
 * One error model for the whole portal (DESIGN §5, spec §8).
 * A domain error carries a stable string `code`, a human `message` (spec texts), an HTTP status and optional
 * details. It crosses the bus as plain data (`SerializedError`) and the gateway maps it to HTTP in one place
 * (`toHttp`). No stack trace ever leaves the process.
 */

/** Stable error codes and the HTTP status each maps to — the single mapping table (§8). */
export const ERROR_STATUS = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  login_blocked: 403,
  no_access: 403,
  not_found: 404,
  user_not_found: 404,
  user_deleted: 403,
  wrong_password: 401,
  login_failed: 401,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Spec §8 texts, in one place so server and web say the same thing. */
export const MESSAGES = {
  required: 'Field is required',
  notFound: 'The requested resource was not found',
  loginBlocked: 'Login blocked',
  userDeleted: 'User deleted',
  userNotFound: 'User not found',
  noUserWithEmail: 'No user with this e-mail',
  wrongPassword: 'Wrong password',
  /** Sign-in's one answer for an unknown account and a wrong password (docs/adr/0007). */
  wrongCredentials: 'Wrong login or password',
  noLogin: 'Enter login or e-mail',
  noPassword: 'Enter login and password',
  loginFailed: 'Login failed',
  passwordsMustMatch: 'Passwords must match',
  validationError: 'Validation error',
  serverError: 'Server error',
  noAccess: 'No access',
  unauthorized: 'Unauthorized',
  tooManyAttempts: 'Too many attempts, try again later',
  unknown: 'An error occured',
  unavailable: 'The service is temporarily unavailable',
} as const;

import { codeOf, fillText, type CodeDef, type Coded, type ParamsOf } from './codes.ts';
import './generic.ts';

export {
  codeOf,
  defineCodes,
  fillText,
  KNOWN_CODES,
  placeholdersOf,
  registeredCodes,
  type CodeDef,
  type CodeDefs,
  type CodeSpec,
  type Coded,
  type ParamNames,
  type ParamsOf,
} from './codes.ts';
export { GENERIC } from './generic.ts';

/** The params argument of a code: omitted for a text without placeholders, required otherwise. */
type ParamsArg<D extends CodeDef> = ParamsOf<D['text']> extends undefined ? [] : [params: ParamsOf<D['text']>];

/** A field error of a code definition: its text with the params filled, the code and the params. */
export function fieldOf<D extends CodeDef>(field: string, def: D, ...[params]: ParamsArg<D>): FieldErrorInput {
  const p = params as Record<string, unknown> | undefined;
  return { field, message: fillText(def.text, p), code: def.code, params: p };
}

/**
 * A field-level validation problem: `field` is a dotted path, `code` a stable code the web words (`tooLong`),
 * `params` its values (`{ max: 100 }`), `message` the §5 English text (the contract and the fallback).
 */
export interface FieldError {
  field: string;
  code: string;
  params?: Record<string, unknown>;
  message: string;
}

/** A field error as raised: a code definition's (`fieldOf`), or a plain text whose code `codeOf` finds. */
export type FieldErrorInput = { field: string; message: string; code?: string; params?: Record<string, unknown> };

/** Fills a field error's code from its text (unknown text → 'invalidValue', still carrying the message). */
export function toFieldError(e: FieldErrorInput): FieldError {
  const known: Coded | null = e.code ? { code: e.code, params: e.params } : codeOf(e.message);
  const out: FieldError = { field: e.field, code: known?.code ?? 'invalidValue', message: e.message };
  const params = e.params ?? known?.params;
  if (params && Object.keys(params).length) out.params = params;
  return out;
}

/**
 * Plain-data form of a DomainError: what crosses NATS and what the HTTP body is built from. `kind` is the HTTP
 * class (mapped to `status`); `code` the stable code the web words (the kind itself for the generic texts).
 */
export interface SerializedError {
  kind?: ErrorCode;
  code: string;
  params?: Record<string, unknown>;
  message: string;
  status: number;
  details?: Record<string, unknown>;
  errors?: FieldError[];
}

/**
 * Kinds whose code may become the specific code of their text. Others keep the kind as the code: `validation` and
 * `conflict` carry their reasons in the field errors, and callers branch on `not_found`, `login_blocked`, ...
 */
const SPECIFIC_KINDS: ReadonlySet<ErrorCode> = new Set([
  'forbidden',
  'no_access',
  'bad_request',
  'payload_too_large',
  'internal',
  'unavailable',
  'user_not_found',
]);

/** An expected failure with a stable code; never carries a stack across process boundaries. */
export class DomainError extends Error {
  /** The HTTP class of the error (one row of ERROR_STATUS). */
  readonly kind: ErrorCode;
  /**
   * The stable code the web words: given, else the code of a specific known text (`codeOf`), else the kind.
   * Generic texts ('No access' on a `forbidden`) and kinds outside SPECIFIC_KINDS keep the kind.
   */
  readonly code: string;
  readonly params?: Record<string, unknown>;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly errors?: FieldError[];

  constructor(
    kind: ErrorCode,
    message: string,
    opts: { code?: string; params?: Record<string, unknown>; details?: Record<string, unknown>; errors?: FieldErrorInput[] } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    const known = opts.code ? null : codeOf(message);
    const specific = known && !(known.code in ERROR_STATUS) && SPECIFIC_KINDS.has(kind) ? known : null;
    this.code = opts.code ?? specific?.code ?? kind;
    const params = opts.params ?? specific?.params;
    if (params && Object.keys(params).length) this.params = params;
    this.status = ERROR_STATUS[kind];
    this.details = opts.details;
    this.errors = opts.errors?.map(toFieldError);
  }

  /** Plain data for the bus. */
  toJSON(): SerializedError {
    const out: SerializedError = { kind: this.kind, code: this.code, message: this.message, status: this.status };
    if (this.params) out.params = this.params;
    if (this.details) out.details = this.details;
    if (this.errors) out.errors = this.errors;
    return out;
  }

  /** Rebuilds the error on the receiving side of the bus (older senders put the kind in `code`). */
  static from(data: SerializedError): DomainError {
    const raw = data.kind ?? data.code;
    const kind = (raw in ERROR_STATUS ? raw : 'internal') as ErrorCode;
    return new DomainError(kind, data.message, { code: data.code, params: data.params, details: data.details, errors: data.errors });
  }
}

/**
 * Raises a code definition: `kind` defaults to the definition's (else `bad_request`); the error's code is the
 * definition's for the kinds that carry a specific code (SPECIFIC_KINDS), else the kind (as for a plain text).
 */
function coded<D extends CodeDef>(def: D, params: Record<string, unknown> | undefined, kind: ErrorCode): DomainError {
  const specific = SPECIFIC_KINDS.has(kind) && !(def.code in ERROR_STATUS);
  return new DomainError(kind, fillText(def.text, params), specific ? { code: def.code, params } : { code: kind });
}

/** Shorthands used by handlers; each raises the spec's text. */
export const Errors = {
  /** `Errors.coded(KB_CODES.tagExists)`, `Errors.coded(PEOPLE_CODES.vacationBalance, { left: 3 })`. */
  coded: <D extends CodeDef>(def: D, ...[params]: ParamsArg<D>) => coded(def, params as Record<string, unknown> | undefined, def.kind ?? 'bad_request'),
  /** A code definition raised with another HTTP kind than its own (e.g. `forbidden`). */
  codedAs: <D extends CodeDef>(kind: ErrorCode, def: D, ...[params]: ParamsArg<D>) => coded(def, params as Record<string, unknown> | undefined, kind),
  /** One field's problem as a code definition: 400 validation with that field error. */
  fieldCoded: <D extends CodeDef>(field: string, def: D, ...rest: ParamsArg<D>) => {
    const e = fieldOf(field, def, ...rest);
    return new DomainError('validation', e.message, { errors: [e] });
  },
  /** A uniqueness clash on one field as a code definition: 409 conflict with that field error. */
  conflictCoded: <D extends CodeDef>(field: string, def: D, ...rest: ParamsArg<D>) => {
    const e = fieldOf(field, def, ...rest);
    return new DomainError('conflict', e.message, { errors: [e] });
  },
  validation: (errors: FieldErrorInput[]) => new DomainError('validation', MESSAGES.validationError, { errors }),
  /** One field's problem; `code`/`params` default to the text's (`codeOf`). */
  field: (field: string, message: string, code?: string, params?: Record<string, unknown>) =>
    new DomainError('validation', message, { errors: [{ field, message, code, params }] }),
  /**
   * Body references that name nothing of the caller's client (another client's user, department, article…: issue
   * 38 §6): one 'Invalid id' field error (code invalidId) per field path; nothing is stored.
   */
  unknownIds: (fields: readonly string[]) => Errors.validation(fields.map((field) => ({ field, message: 'Invalid id', code: 'invalidId' }))),
  badRequest: (message: string) => new DomainError('bad_request', message),
  notFound: () => new DomainError('not_found', MESSAGES.notFound),
  userNotFound: () => new DomainError('user_not_found', MESSAGES.userNotFound),
  forbidden: (message: string = MESSAGES.noAccess) => new DomainError('forbidden', message),
  noAccess: () => new DomainError('no_access', MESSAGES.noAccess),
  unauthorized: () => new DomainError('unauthorized', MESSAGES.unauthorized),
  loginBlocked: () => new DomainError('login_blocked', MESSAGES.loginBlocked),
  userDeleted: () => new DomainError('user_deleted', MESSAGES.userDeleted),
  conflict: (field: string, message: string, code?: string) => new DomainError('conflict', message, { errors: [{ field, message, code }] }),
  rateLimited: () => new DomainError('rate_limited', MESSAGES.tooManyAttempts),
  internal: () => new DomainError('internal', MESSAGES.serverError),
};

/**
 * Errors that mean a backing service (PostgreSQL, NATS, storage) is out of reach for now: refused or dropped
 * connections, PostgreSQL's shutdown / starting-up / connection-failure SQLSTATEs (57P01-57P03, class 08).
 */
export function isUnavailableError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|57P0[123]|08\w{3})$/.test(code)) return true;
  if (
    typeof e.message === 'string' &&
    /^Connection terminated|^Client has encountered a connection error|timeout exceeded when trying to connect/.test(e.message)
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isUnavailableError(e.cause);
}

/**
 * Any thrown value → SerializedError. A backing service out of reach becomes 503 'unavailable' (the caller may
 * retry); other unknown errors a safe 500 (the cause is for the log only).
 */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof DomainError) return err.toJSON();
  if (isUnavailableError(err)) return new DomainError('unavailable', MESSAGES.unavailable).toJSON();
  if (err && typeof err === 'object' && 'code' in err && 'status' in err && 'message' in err) {
    const e = err as SerializedError;
    const kind = e.kind ?? e.code;
    if (typeof kind === 'string' && kind in ERROR_STATUS) return DomainError.from(e).toJSON();
  }
  return Errors.internal().toJSON();
}

/** The §8 HTTP error body. `name` is the kind, `code`/`params` what the web words, `message` the fallback text. */
export interface HttpErrorBody {
  name: string;
  code: string;
  params?: Record<string, unknown>;
  message: string;
  errors?: FieldError[];
  details?: Record<string, unknown>;
}

/**
 * Maps an error to the HTTP status and body of §8: `{ name, code, params?, message, errors? }`.
 * Never includes a stack.
 */
export function toHttp(err: unknown): { status: number; body: HttpErrorBody } {
  const s = serializeError(err);
  const body: HttpErrorBody = {
    name: s.kind ?? s.code,
    code: s.code,
    message: s.message,
  };
  if (s.params) body.params = s.params;
  if (s.errors) body.errors = s.errors;
  if (s.details) body.details = s.details;
  return { status: s.status, body };
}
