import { codeOf, fillText, GENERIC, type CodeDef, type FieldError } from '@intranet/platform-errors';
import { z } from 'zod';
import { FEATURE_OF_RIGHT, V, type Access, type ClientFeature, type HttpMethod } from './base.ts';

export { z };
export {
  access,
  allows,
  CLIENT_FEATURES,
  DEFAULT_INITIAL_RIGHTS,
  FEATURE_OF_RIGHT,
  FEATURE_RIGHTS,
  fillPath,
  routeRef,
  V,
  type Access,
  type ClientFeature,
  type FeatureRight,
  type HttpMethod,
  type RouteRef,
  type RouteTarget,
} from './base.ts';

/** Per-route rate limit: `points` calls per `seconds`, counted per caller address and per a body field. */
export interface RateLimit {
  points: number;
  seconds: number;
  /** Body field identifying the account (e.g. 'login'); counted separately from the address. */
  accountField?: string;
}

/**
 * One route of §7, written once as data (DESIGN §4). The gateway registers it, the service binds its handler to
 * `subject`, the web gets a typed function and the OpenAPI document lists it.
 */
export interface RouteDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path exactly as §7 gives it, with `{param}` placeholders and a leading slash. */
  path: string;
  /** Bus subject `<domain>.<action>`. */
  subject: string;
  summary: string;
  /** Spec section, for the docs. */
  spec: string;
  access: Access;
  /**
   * The client feature (§3 features, §6) this route belongs to: the gateway refuses it (403 'No access') when the
   * feature is switched off for the caller's client. Null: no module of its own (never switched off this way).
   * Derived by `defineRoute` from a feature access rule unless given.
   */
  feature: ClientFeature | null;
  params: P;
  query: Q;
  body: B;
  result: R;
  /**
   * 'result' wraps the handler's output as `{ result }` (§7); 'raw' sends it as is (sign-in answers
   * `{ token, result, _id }`).
   */
  envelope: 'result' | 'raw';
  rateLimit?: RateLimit;
  /** Upload routes take multipart bodies; the gateway streams them. */
  multipart?: boolean;
  /**
   * How long the gateway waits for the service's answer (ms): DEFAULT_TIMEOUT_MS by method unless the route sets
   * its own (imports, exports). Bounds every call, so a service that died mid-request costs a 503 after this, not
   * the bus's 15 s (issue 18 §5).
   */
  timeoutMs: number;
  /**
   * A 'raw' route whose handler answers text of this media type (an iCalendar file): the gateway sends the string
   * as the body with this Content-Type instead of JSON.
   */
  contentType?: string;
  /**
   * An anonymous route (issue 11 "Don't be silent", issue 18 §6): the caller must be signed in (its access rule
   * still holds), but the service receives only the tenant (no user, session, address, roles); the gateway's log
   * line and trace carry only the route pattern, method and status, its error line nothing, and the
   * Idempotency-Key store is skipped.
   */
  anonymous?: boolean;
  /**
   * Largest request body in bytes the gateway reads for this route (issue 38 §7): BODY_LIMITS.public for public
   * routes, BODY_LIMITS.json for the others unless the route declares more (the CSV import, rich-text articles).
   * Refused with 413 `bodyTooLarge` before the body is read (by its Content-Length) or as soon as it passes the
   * limit. Multipart uploads stream with their own limits (FILE_LIMITS).
   */
  bodyLimit?: number;
}

/** Request body limits of the gateway (issue 38 §7): JSON routes by default, and routes anyone may call. */
export const BODY_LIMITS = { json: 1024 * 1024, public: 64 * 1024 } as const;

/** The §8-style text of a body above its route's limit (`size`: formatBytes); code `bodyTooLarge`. */
export const bodyTooLargeText = (size: string) => `Request bodies above ${size} are not accepted`;

/** The body limit the gateway applies to `route` (RouteDef.bodyLimit, else by its access rule). */
export function bodyLimitOf(route: Pick<RouteDef, 'bodyLimit' | 'access'>): number {
  return route.bodyLimit ?? (route.access.kind === 'public' ? BODY_LIMITS.public : BODY_LIMITS.json);
}

/** Default answer time of a route by method (ms): reads 5 s, writes 10 s. */
export const DEFAULT_TIMEOUT_MS = { GET: 5_000, write: 10_000 } as const;

const empty = z.object({}).strict();
const anyQuery = z.object({}).passthrough();

/** Builds a RouteDef with defaults (no params/query/body, `{ result }` envelope). */
export function defineRoute<
  P extends z.ZodType = typeof empty,
  Q extends z.ZodType = typeof anyQuery,
  B extends z.ZodType = typeof empty,
  R extends z.ZodType = z.ZodType,
>(def: {
  method: HttpMethod;
  path: string;
  subject: string;
  summary: string;
  spec: string;
  access: Access;
  /** The route's client feature; default: the feature of the access rule's right (FEATURE_OF_RIGHT), else null. */
  feature?: ClientFeature | null;
  params?: P;
  query?: Q;
  body?: B;
  result: R;
  envelope?: 'result' | 'raw';
  rateLimit?: RateLimit;
  multipart?: boolean;
  timeoutMs?: number;
  contentType?: string;
  /** The service gets only the tenant; logs and traces nothing that identifies the caller (RouteDef.anonymous). */
  anonymous?: boolean;
  /** Largest body in bytes, when the route needs more than BODY_LIMITS.json (RouteDef.bodyLimit). */
  bodyLimit?: number;
}): RouteDef<P, Q, B, R> {
  const path = def.path.startsWith('/') ? def.path : `/${def.path}`;
  return {
    ...def,
    path,
    feature: def.feature !== undefined ? def.feature : def.access.kind === 'feature' ? FEATURE_OF_RIGHT[def.access.right] : null,
    params: (def.params ?? empty) as P,
    query: (def.query ?? anyQuery) as Q,
    body: (def.body ?? z.object({}).passthrough()) as B,
    envelope: def.envelope ?? 'result',
    timeoutMs: def.timeoutMs ?? (def.method === 'GET' ? DEFAULT_TIMEOUT_MS.GET : DEFAULT_TIMEOUT_MS.write),
  };
}

/** A route's input as the handler receives it: validated params, query and body. */
export type RouteInput<D extends RouteDef> = {
  params: z.output<D['params']>;
  query: z.output<D['query']>;
  body: z.output<D['body']>;
};
/** What the caller sends (before zod defaults/coercion). */
export type RouteRequest<D extends RouteDef> = {
  params: z.input<D['params']>;
  query?: z.input<D['query']>;
  body?: z.input<D['body']>;
};
export type RouteResult<D extends RouteDef> = z.output<D['result']>;

/**
 * `/api/user/{id}` → `/api/user/:id` (Fastify syntax). A parameter followed by a literal in its segment (§7
 * `restartJob/{workspace}_{action}`) ends at that literal's first character: `:workspace(^[^_/]+)_:action`.
 */
export function toFastifyPath(path: string): string {
  return path
    .replace(/\{(\w+)\}(?=([^/{]+)\{)/g, (_, k: string, lit: string) => `:${k}(^[^${lit[0]!.replace(/[\]\\^-]/g, '\\$&')}/]+)`)
    .replace(/\{(\w+)\}/g, ':$1');
}

/** Shared field shapes. */
export const Id = z.string().uuid({ message: 'Invalid id' });
/** A calendar date `YYYY-MM-DD` that exists (2024-02-30 does not): the database would refuse it later. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((s) => isCalendarDate(s), 'Date must be YYYY-MM-DD');

/** True when `YYYY-MM-DD` names a real day between years 1 and 9999. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(2000, mo - 1, d));
  dt.setUTCFullYear(y);
  return dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}
export const idParams = z.object({ id: Id });

/** A required non-empty, trimmed string with the §5 'Field is required' text. */
export const requiredString = () => z.string({ error: V.required }).trim().min(1, V.required);

/**
 * Converts zod issues to the §8 validation field errors `{ field, code, params?, message }`: zod's issue code gives
 * the code (`too_big` → `tooLong {max}`, `invalid_format` email → `email`, a missing value → `required`, ...);
 * a contract's own message (a refine's text) gives the code its table declares. `message` stays the English text.
 */
export function zodFieldErrors(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.map((i) => {
    // zod's own wording for a missing value becomes the §5 text; custom messages stay as written.
    const message = i.code === 'invalid_type' && i.message.startsWith('Invalid input') ? V.required : i.message;
    // zod's issue code is the key; a contract's own text for the issue (a refine, 'Tax id must be 10 digits') keeps
    // the code it declares (the `codeOf` fallback over the registered tables).
    const tagged = taggedCode(i);
    const byIssue = tagged ?? issueCode(i);
    const generic = (GENERIC as Record<string, { text: string } | undefined>)[byIssue.code];
    const own = tagged !== null || i.message.startsWith('Invalid input') || (generic && fillText(generic.text, byIssue.params) === message);
    const known = own ? byIssue : (codeOf(message) ?? byIssue);
    const out: FieldError = { field: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), code: known.code, message };
    if (known.params) out.params = known.params;
    return out;
  });
}

/**
 * A contract's refinement raised by code (`ctx.addIssue(codedIssue(X.someCode, path))`): a zod `custom` issue whose
 * message is the code's English text and whose `params` carry `code` (and the text's params).
 */
export function codedIssue<D extends CodeDef>(def: D, path: PropertyKey[], params?: Record<string, string | number>) {
  return { code: 'custom' as const, path, message: fillText(def.text, params), params: { ...params, code: def.code } };
}

/** The code a `codedIssue` carries, with the rest of its params; null for any other issue. */
function taggedCode(i: z.core.$ZodIssue): { code: string; params?: Record<string, unknown> } | null {
  if (i.code !== 'custom' || typeof i.params?.['code'] !== 'string') return null;
  const { code, ...params } = i.params as Record<string, unknown> & { code: string };
  return Object.keys(params).length ? { code, params } : { code };
}

/** The code of a zod issue whose message is zod's own (not a §5 text). */
function issueCode(i: z.core.$ZodIssue): { code: string; params?: Record<string, unknown> } {
  switch (i.code) {
    case 'too_big':
      return i.origin === 'string' ? { code: 'tooLong', params: { max: Number(i.maximum) } } : { code: 'tooBig', params: { max: Number(i.maximum) } };
    case 'too_small':
      return i.origin === 'string' ? { code: 'tooShort', params: { min: Number(i.minimum) } } : { code: 'tooSmall', params: { min: Number(i.minimum) } };
    case 'invalid_format':
      if (i.format === 'email') return { code: 'email' };
      if (i.format === 'url') return { code: 'url' };
      if (i.format === 'uuid' || i.format === 'guid') return { code: 'invalidId' };
      if (i.format === 'date' || i.format === 'datetime') return { code: 'invalidDate' };
      return { code: 'invalidFormat' };
    case 'invalid_value':
      return { code: 'invalidOption', params: { options: i.values.map(String).join(', ') } };
    case 'invalid_type':
      return { code: 'required' };
    default:
      return { code: 'invalidValue' };
  }
}

/** Schemes a stored link may carry (issue 38 §8): no `javascript:`, `data:`, `vbscript:`… */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * True for a URL a link field may hold: http(s) or mailto with a valid form, or the portal's own path (`/…`; not a
 * protocol-relative `//host` nor `/\host`, which browsers treat as another origin).
 */
export function isSafeUrl(value: string): boolean {
  const u = value.trim();
  // Spaces and control characters never belong to a path we serve.
  if (u.startsWith('/')) return !/^\/[/\\]/.test(u) && [...u].every((c) => c > ' ');
  try {
    const parsed = new URL(u);
    if (!SAFE_SCHEMES.has(parsed.protocol)) return false;
    return parsed.protocol === 'mailto:' || parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The one URL field shape (issue 38 §8): trimmed, at most `max` characters, http(s), mailto or a portal path;
 * anything else is the §5 'Invalid URL' field error. Every URL field of the contracts uses it (or `optionalUrl`).
 */
export const safeUrl = (max = 2000) =>
  requiredString()
    .max(max, V.max(max))
    // An empty value has its own text ('Field is required'), not a second one.
    .refine((u) => u === '' || isSafeUrl(u), V.url);

/** An optional URL field: `safeUrl`, or empty (`''`, null, absent) to clear it. */
export const optionalUrl = (max = 2000) =>
  z
    .union([z.literal(''), safeUrl(max)])
    .nullable()
    .optional();

/**
 * A spreadsheet cell of an export (polls, employees, shop): text a user typed that starts with `=`, `+`, `-` or `@`
 * (or a tab or carriage return, which spreadsheets skip before such a sign) gets a leading single quote, so Excel
 * and LibreOffice show it as text instead of running it as a formula (issue 38 §8). Other values pass unchanged.
 */
export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Bytes → '20 MB' style text (binary units) for the §8 size messages. */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[i]}`;
}

/** Size limits of §9 in bytes. */
export const FILE_LIMITS = { post: 20 * 1024 * 1024, any: 250 * 1024 * 1024 } as const;

export { buildOpenApi } from './openapi.ts';
export { defineEvent, defineSubject, type EventDef, type EventInput, type EventPayload, type SubjectDef } from './messages.ts';
export { remapIds, tableCounts, tenantSubjects, type TenantSubjects } from './tenant.ts';
