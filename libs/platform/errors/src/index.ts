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
} as const;

/** A field-level validation problem: `field` is a dotted path, `message` the §5 text. */
export interface FieldError {
  field: string;
  message: string;
}

/** Plain-data form of a DomainError: what crosses NATS and what the HTTP body is built from. */
export interface SerializedError {
  code: ErrorCode;
  message: string;
  status: number;
  details?: Record<string, unknown>;
  errors?: FieldError[];
}

/** An expected failure with a stable code; never carries a stack across process boundaries. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, message: string, opts: { details?: Record<string, unknown>; errors?: FieldError[] } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
    this.errors = opts.errors;
  }

  /** Plain data for the bus. */
  toJSON(): SerializedError {
    const out: SerializedError = { code: this.code, message: this.message, status: this.status };
    if (this.details) out.details = this.details;
    if (this.errors) out.errors = this.errors;
    return out;
  }

  /** Rebuilds the error on the receiving side of the bus. */
  static from(data: SerializedError): DomainError {
    const code = (data.code in ERROR_STATUS ? data.code : 'internal') as ErrorCode;
    return new DomainError(code, data.message, { details: data.details, errors: data.errors });
  }
}

/** Shorthands used by handlers; each raises the spec's text. */
export const Errors = {
  validation: (errors: FieldError[]) => new DomainError('validation', MESSAGES.validationError, { errors }),
  field: (field: string, message: string) => new DomainError('validation', message, { errors: [{ field, message }] }),
  badRequest: (message: string) => new DomainError('bad_request', message),
  notFound: () => new DomainError('not_found', MESSAGES.notFound),
  userNotFound: () => new DomainError('user_not_found', MESSAGES.userNotFound),
  forbidden: (message: string = MESSAGES.noAccess) => new DomainError('forbidden', message),
  noAccess: () => new DomainError('no_access', MESSAGES.noAccess),
  unauthorized: () => new DomainError('unauthorized', MESSAGES.unauthorized),
  loginBlocked: () => new DomainError('login_blocked', MESSAGES.loginBlocked),
  userDeleted: () => new DomainError('user_deleted', MESSAGES.userDeleted),
  conflict: (field: string, message: string) => new DomainError('conflict', message, { errors: [{ field, message }] }),
  rateLimited: () => new DomainError('rate_limited', MESSAGES.tooManyAttempts),
  internal: () => new DomainError('internal', MESSAGES.serverError),
};

/** Any thrown value → SerializedError. Unknown errors become a safe 500 (the cause is for the log only). */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof DomainError) return err.toJSON();
  if (err && typeof err === 'object' && 'code' in err && 'status' in err && 'message' in err) {
    const e = err as SerializedError;
    if (typeof e.code === 'string' && e.code in ERROR_STATUS) return DomainError.from(e).toJSON();
  }
  return Errors.internal().toJSON();
}

/**
 * Maps an error to the HTTP status and body of §8: `{ name, code, message, errors? }`.
 * Never includes a stack.
 */
export function toHttp(err: unknown): { status: number; body: { name: string; code: ErrorCode; message: string; errors?: FieldError[]; details?: Record<string, unknown> } } {
  const s = serializeError(err);
  const body: { name: string; code: ErrorCode; message: string; errors?: FieldError[]; details?: Record<string, unknown> } = {
    name: s.code,
    code: s.code,
    message: s.message,
  };
  if (s.errors) body.errors = s.errors;
  if (s.details) body.details = s.details;
  return { status: s.status, body };
}
