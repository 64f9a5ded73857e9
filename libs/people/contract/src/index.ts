import {
  access,
  defineEvent,
  defineRoute,
  defineSubject,
  FEATURE_RIGHTS,
  Id,
  IsoDate,
  optionalUrl,
  requiredString,
  safeUrl,
  V,
  z,
  type EventDef,
  type EventPayload,
  type RouteDef,
  type SubjectDef,
} from '@intranet/platform-contracts';
import { peopleTargets } from './refs.ts';

import { SIGN_IN } from './sign-in.ts';
import { PEOPLE_TEXT } from './text.ts';

export * from './codes.ts';
export { PEOPLE_TEXT };
export { SIGN_IN, signInSchema } from './sign-in.ts';

/**
 * Roles a client administrator may grant (§6): admin, head (department head: the knowledge base's 'all heads' /
 * 'head' grants match it), poll_manager (§6 contextual role "poll managers": creates polls), employee, plus the
 * feature rights.
 */
export const GRANTABLE_ROLES = ['admin', 'head', 'poll_manager', 'employee', ...FEATURE_RIGHTS] as const;

const NAME_RE = /^[\p{L}\p{M}' .-]+$/u;
const name = (required: boolean) => {
  const s = z.string().trim().max(20, V.max(20)).regex(NAME_RE, PEOPLE_TEXT.illegalSymbols);
  return required
    ? requiredString().pipe(s)
    : z
        .union([z.literal(''), s])
        .nullable()
        .optional();
};
const optText = (max: number) => z.string().trim().max(max, V.max(max)).nullable().optional();

export const passwordRule = z.string().min(7, PEOPLE_TEXT.passwordShort).max(200, V.max(200));
export const emailRule = requiredString()
  .max(254, V.max(254))
  .pipe(z.email(V.email))
  .transform((s) => s.toLowerCase());
export const loginRule = z
  .string()
  .trim()
  .max(20, V.max(20))
  .regex(/^[A-Za-z0-9._@-]+$/, PEOPLE_TEXT.illegalSymbols);

/** Profile fields shared by create, update and import (§3 User, §5 Employee). */
export const userFields = z.object({
  firstName: name(true),
  lastName: name(true),
  middleName: name(false),
  email: emailRule,
  login: z
    .union([z.literal(''), loginRule])
    .nullable()
    .optional(),
  phone: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{7,20}$/, PEOPLE_TEXT.phone),
    ])
    .nullable()
    .optional(),
  internalPhone: optText(20),
  position: optText(100),
  department: optText(100),
  cabinet: optText(20),
  city: optText(100),
  gender: z.enum(['man', 'woman', 'not_selected']).default('not_selected'),
  birthDate: z
    .union([z.literal(''), IsoDate])
    .nullable()
    .optional(),
  workingSince: z
    .union([z.literal(''), IsoDate])
    .nullable()
    .optional(),
  inn: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{10}$/, PEOPLE_TEXT.inn),
    ])
    .nullable()
    .optional(),
  kpp: optText(20),
  organisation: optText(200),
  about: optText(2000),
  lang: z.enum(['ru', 'uk', 'en']).optional(),
  avatar: optionalUrl(500),
  avatar_big: optionalUrl(500),
  cover: optionalUrl(500),
  social: z.record(z.string().max(50, V.max(50)), z.union([z.literal(''), safeUrl(300)])).optional(),
  chiefCode: optText(50),
});

const withPasswordCheck = <T extends z.ZodType<{ password?: string | null; confirmPassword?: string | null }>>(s: T) =>
  s.superRefine((v, ctx) => {
    if (v.password && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PEOPLE_TEXT.passwordsMustMatch });
    }
  });

const newUserFields = userFields.extend({
  client_id: Id.optional(),
  roles: z.array(z.enum(GRANTABLE_ROLES)).optional(),
});

/**
 * POST api/register body (§5 Employee: 'password longer than 6 and confirmed' — both required here).
 * `client_id` only for the superadmin; admins register into their own client.
 */
export const registerBody = withPasswordCheck(
  newUserFields.extend({
    // Not trimmed: spaces are part of a password.
    password: z.string({ error: V.required }).min(1, V.required).pipe(passwordRule),
    confirmPassword: z.string({ error: PEOPLE_TEXT.passwordsMustMatch }),
  }),
);

/**
 * One CSV import row (POST api/register_many): the register rules, except that the password may be left out.
 * Such an employee gets no usable password and sets one through 'Forgot password' (README, CSV import).
 */
export const importRowBody = withPasswordCheck(
  newUserFields.extend({
    password: passwordRule.optional(),
    confirmPassword: z.string().optional(),
  }),
);

/**
 * PUT api/user/{id} body: every profile field optional; password change needs confirmation.
 * `status` blocks or unblocks the employee (§4 Employee states; administrators only).
 */
export const updateBody = withPasswordCheck(
  userFields.partial().extend({
    // No default here: an update that leaves gender out must not reset it.
    gender: z.enum(['man', 'woman', 'not_selected']).optional(),
    password: passwordRule.optional(),
    confirmPassword: z.string().optional(),
    status: z.enum(['active', 'blocked']).optional(),
    /** §3 vacation days remainder (calendar days); administrators only. */
    vacationDays: z.number().int().min(0).max(1000).optional(),
  }),
);

/** §3 User as the API returns it (never the password hash). */
export const userSchema = z.object({
  _id: z.string(),
  client_id: z.string().nullable(),
  roles: z.array(z.string()),
  lang: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  login: z.string().nullable(),
  phone: z.string().nullable(),
  internalPhone: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  cabinet: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.string(),
  birthDate: z.string().nullable(),
  workingSince: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  organisation: z.string().nullable(),
  about: z.string().nullable(),
  avatar: z.string().nullable(),
  avatar_big: z.string().nullable(),
  cover: z.string().nullable(),
  pics: z.array(z.object({ src: z.string(), mini: z.string().nullable() })),
  social: z.record(z.string(), z.string()),
  chiefCode: z.string().nullable(),
  /** §3 vacation days remainder (calendar days). */
  vacationDays: z.number().int(),
  pinned_num: z.number().nullable(),
  deletion_mark: z.boolean(),
  status: z.enum(['active', 'blocked', 'deleted']),
  created: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A pinned user as the wall's block shows them (GET api/user/pinned/{clientId}): no contacts, slot in `pinned_num`. */
export const pinnedUserSchema = userSchema
  .pick({ _id: true, fullName: true, firstName: true, lastName: true, avatar: true, position: true, department: true })
  .extend({ pinned_num: z.number() });
export type PinnedUser = z.infer<typeof pinnedUserSchema>;

// The sign-in body's rules; sign-in.ts writes the same ones without zod for the web's first load (spec: people-contract).
const credentials = z.object({
  login: z.string({ error: SIGN_IN.login.message }).trim().min(1, SIGN_IN.login.message).max(SIGN_IN.login.max),
  password: z.string({ error: SIGN_IN.password.message }).min(1, SIGN_IN.password.message).max(SIGN_IN.password.max),
});

const loginResult = z.object({ token: z.string(), result: userSchema, _id: z.string() });

/**
 * Decodes an uploaded CSV file's bytes: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise
 * Windows-1251 (the usual export of Russian and Ukrainian HR systems). Valid UTF-8 in a Cyrillic Windows-1251
 * file is practically impossible (its letters are bytes 0xC0–0xFF, which UTF-8 never uses alone), so the
 * strict decode decides robustly.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/** §8 validation field error `{ field, code, params?, message }`. */
export const fieldErrorSchema = z.object({ field: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()).optional(), message: z.string() });

/** One CSV import row outcome (register_many report); `row` is the line the record starts on (the header is line 1 when first). */
export const importRowResult = z.object({
  row: z.number(),
  ok: z.boolean(),
  email: z.string().nullable(),
  _id: z.string().optional(),
  /** Problems of a bad row: `field` is the CSV column (`csv` for the record itself), `code`/`params` worded by the web. */
  errors: z.array(fieldErrorSchema).optional(),
  /** Imported without a password: the employee sets one through 'Forgot password'. */
  noPassword: z.boolean().optional(),
});

const roleParam = z.enum(GRANTABLE_ROLES);
const loginRate = { points: 10, seconds: 60, accountField: 'login' };

export const peopleRoutes = {
  authLogin: defineRoute({
    ...peopleTargets.authLogin,
    subject: 'people.auth.login',
    summary: 'Sign in by login or e-mail',
    spec: '§7 Environment and session',
    body: credentials.extend({ workspace: z.string().max(SIGN_IN.workspace.max).optional() }),
    result: loginResult,
    rateLimit: loginRate,
  }),
  authLoginPage: defineRoute({
    ...peopleTargets.authLoginPage,
    subject: 'people.auth.loginPage',
    summary: 'Sign in on a workspace page',
    spec: '§7 Environment and session',
    body: credentials.extend({ workspace: requiredString().max(SIGN_IN.workspace.max) }),
    result: loginResult,
    rateLimit: loginRate,
  }),
  authLogout: defineRoute({
    ...peopleTargets.authLogout,
    subject: 'people.auth.logout',
    summary: 'Sign out (revokes the token)',
    spec: '§7 Environment and session',
    body: z.object({ user: z.string().optional() }).passthrough(),
    result: z.object({ ok: z.boolean() }),
  }),
  authForgot: defineRoute({
    method: 'POST',
    path: '/api/forgot_password',
    subject: 'people.auth.forgot',
    summary: 'Send a password reset link',
    spec: '§7 Environment and session',
    access: access.public,
    body: z.object({ email: emailRule, workspace: z.string().max(30).optional() }),
    result: z.object({ sent: z.boolean() }),
    rateLimit: { points: 5, seconds: 300, accountField: 'email' },
  }),
  authReset: defineRoute({
    method: 'POST',
    path: '/api/reset_password/{token}',
    subject: 'people.auth.reset',
    summary: 'Set a new password by a reset link',
    spec: '§7 Environment and session',
    access: access.public,
    params: z.object({ token: z.string().min(10).max(200) }),
    body: withPasswordCheck(z.object({ password: passwordRule, confirmPassword: z.string().optional() })),
    result: z.object({ ok: z.boolean() }),
    rateLimit: { points: 20, seconds: 300 },
  }),
  /**
   * Not in §7 (which has only the POST): GET under the same prefix tells the reset page, as it opens, whether its
   * link is still usable, so a used or expired link is refused before the form is filled. 400 'The link is
   * invalid or expired' (code resetLinkInvalid) otherwise.
   */
  authResetCheck: defineRoute({
    method: 'GET',
    path: '/api/reset_password/{token}',
    subject: 'people.auth.resetCheck',
    summary: 'Check a password reset link',
    spec: '§7 Environment and session (added)',
    access: access.public,
    params: z.object({ token: z.string().min(10).max(200) }),
    result: z.object({ valid: z.literal(true) }),
    rateLimit: { points: 60, seconds: 300 },
  }),
  authResetHard: defineRoute({
    method: 'POST',
    path: '/api/reset_password_hard',
    subject: 'people.auth.resetHard',
    summary: 'Administrator sets a user password',
    spec: '§7 Environment and session',
    access: access.admin,
    body: withPasswordCheck(z.object({ user_id: Id, password: passwordRule, confirmPassword: z.string().optional() })),
    result: z.object({ ok: z.boolean() }),
  }),
  userRegister: defineRoute({
    method: 'POST',
    path: '/api/register',
    subject: 'people.user.register',
    summary: 'Create an employee',
    spec: '§7 Users, §5 Employee',
    access: access.admin,
    body: registerBody,
    result: userSchema,
  }),
  userRegisterMany: defineRoute({
    method: 'POST',
    path: '/api/register_many',
    subject: 'people.user.registerMany',
    summary: 'Import employees from CSV',
    spec: '§7 Users, §5 Employee',
    access: access.admin,
    // 10,000 rows (IMPORT_MAX_ROWS) take longer than the bus's 15 s default on a busy machine.
    timeoutMs: 300_000,
    // The file as base64 (27 MB of text) and the JSON around it (issue 38 §7: larger than BODY_LIMITS.json).
    bodyLimit: 28 * 1024 * 1024,
    // importId: a uuid the dialog generates to recognise its own progress events (peopleEvents.importProgress).
    // csv: the file as text; or csvBase64: its bytes, decoded on the server (UTF-8, else Windows-1251).
    body: z
      .object({
        csv: z.string().max(20_000_000).optional(),
        csvBase64: z.string().max(27_000_000).optional(),
        client_id: Id.optional(),
        importId: Id.optional(),
      })
      .superRefine((v, ctx) => {
        if (!v.csv && !v.csvBase64) ctx.addIssue({ code: 'custom', path: ['csv'], message: V.required });
      }),
    result: z.object({ imported: z.number(), failed: z.number(), rows: z.array(importRowResult) }),
  }),
  userGet: defineRoute({
    ...peopleTargets.userGet,
    subject: 'people.user.get',
    summary: 'One user (oneself always; others with the address right)',
    spec: '§7 Users, §6 address',
    params: z.object({ id: Id }),
    result: userSchema,
  }),
  userForClient: defineRoute({
    method: 'GET',
    path: '/api/user/for_client/{clientId}',
    subject: 'people.user.forClient',
    summary: 'Users of a client (address book)',
    spec: '§7 Users, §6 address',
    access: access.feature('address'),
    params: z.object({ clientId: Id }),
    result: z.array(userSchema),
  }),
  userFilter: defineRoute({
    method: 'POST',
    path: '/api/user/filter/{workspace}',
    subject: 'people.user.filter',
    summary: 'Search users with paging (address book)',
    spec: '§7 Users, §6 address',
    access: access.feature('address'),
    params: z.object({ workspace: z.string().max(30) }),
    body: z.object({
      data: z
        .object({
          search: z.string().max(100).optional(),
          page: z.number().int().min(1).default(1),
          limit: z.number().int().min(1).max(200).default(20),
          sort: z.enum(['lastName', 'firstName', 'email', 'position', 'department', 'city', 'created']).default('lastName'),
          order: z.enum(['asc', 'desc']).default('asc'),
          deleted: z.boolean().optional(),
          /** People whose name (first, last, middle) holds every search word first, then the other matches (mentions). */
          namesFirst: z.boolean().optional(),
        })
        .default({ page: 1, limit: 20, sort: 'lastName', order: 'asc' }),
    }),
    result: z.object({ users: z.array(userSchema), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  userUpdate: defineRoute({
    ...peopleTargets.userUpdate,
    subject: 'people.user.update',
    summary: 'Edit a user',
    spec: '§7 Users, §5 Employee',
    params: z.object({ id: Id }),
    body: updateBody,
    result: userSchema,
  }),
  userDelete: defineRoute({
    method: 'PUT',
    path: '/api/user/delete/{id}',
    subject: 'people.user.delete',
    summary: 'Mark a user deleted (fired)',
    spec: '§7 Users',
    access: access.admin,
    params: z.object({ id: Id }),
    result: userSchema,
  }),
  userUndelete: defineRoute({
    method: 'PUT',
    path: '/api/user/undelete/{id}',
    subject: 'people.user.undelete',
    summary: 'Restore a deleted user',
    spec: '§7 Users',
    access: access.admin,
    params: z.object({ id: Id }),
    result: userSchema,
  }),
  roleAddAll: defineRoute({
    method: 'PUT',
    path: '/api/clients/{clientId}/role/{role}',
    subject: 'people.role.addAll',
    summary: 'Add a role to all users of a client',
    spec: '§7 Users, §6',
    access: access.admin,
    params: z.object({ clientId: Id, role: roleParam }),
    result: z.object({ updated: z.number() }),
  }),
  roleRemoveAll: defineRoute({
    method: 'DELETE',
    path: '/api/clients/{clientId}/role/{role}',
    subject: 'people.role.removeAll',
    summary: 'Remove a role from all users of a client (deleted users skipped)',
    spec: '§7 Users, §6',
    access: access.admin,
    params: z.object({ clientId: Id, role: roleParam }),
    result: z.object({ updated: z.number() }),
  }),
  roleAdd: defineRoute({
    method: 'PUT',
    path: '/api/user/{userId}/role/{role}',
    subject: 'people.role.add',
    summary: 'Add a role to a user',
    spec: '§7 Users, §6',
    access: access.admin,
    params: z.object({ userId: Id, role: roleParam }),
    result: userSchema,
  }),
  roleRemove: defineRoute({
    method: 'DELETE',
    path: '/api/user/{userId}/role/{role}',
    subject: 'people.role.remove',
    summary: 'Remove a role from a user',
    spec: '§7 Users, §6',
    access: access.admin,
    params: z.object({ userId: Id, role: roleParam }),
    result: userSchema,
  }),
  userPin: defineRoute({
    method: 'PUT',
    path: '/api/user/pin/{id}',
    subject: 'people.user.pin',
    summary: 'Pin a user into a numbered slot (null unpins); a taken slot swaps',
    spec: '§7 Users, §4 Posts',
    access: access.admin,
    params: z.object({ id: Id }),
    body: z.object({ pinned_num: z.number().int().min(0).max(10_000).nullable() }),
    result: z.array(userSchema),
  }),
  /**
   * Not in §7 (which has only pin and pin_move): the wall's "pinned employees" block lists the pinned users of a
   * client in slot order. Who may read the wall may read it; only the fields the block shows (no contacts).
   */
  userPinned: defineRoute({
    method: 'GET',
    path: '/api/user/pinned/{clientId}',
    subject: 'people.user.pinned',
    summary: 'Pinned users of a client in slot order (wall block)',
    spec: '§4 Posts, §7 Users (added)',
    access: access.feature('wall'),
    params: z.object({ clientId: Id }),
    result: z.array(pinnedUserSchema),
  }),
  userPinMove: defineRoute({
    method: 'PUT',
    path: '/api/user/pin_move',
    subject: 'people.user.pinMove',
    summary: 'Swap the users of two pin slots',
    spec: '§7 Users, §4 Posts',
    access: access.admin,
    body: z.object({ from: z.number().int().min(0).max(10_000), to: z.number().int().min(0).max(10_000) }),
    result: z.array(userSchema),
  }),
  userLoadHrm: defineRoute({
    method: 'POST',
    path: '/api/user/load_hrm',
    subject: 'people.user.loadHrm',
    summary:
      'Import employees from the HR system (1C:ZUP standard OData: Catalog_Сотрудники, Catalog_ФизическиеЛица): matched by tab number, else tax id; created / updated / unchanged / failed rows; a fired employee (ВАрхиве) is marked deleted, none is ever removed; all or nothing',
    spec: '§7 Users (load_hrm), §5 HR integration, §4 Employee states, §8 loading_struct_hrm_error',
    access: access.admin,
    timeoutMs: 300_000,
    // importId: a uuid the integrations tab generates to recognise its own progress events (peopleEvents.importProgress).
    body: z.object({ client_id: Id.optional(), importId: z.string().uuid().optional() }),
    result: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      fired: z.number().int(),
      failed: z.array(z.object({ code: z.string(), name: z.string(), reason: z.string() })),
    }),
  }),
  userResetToHrm: defineRoute({
    method: 'POST',
    path: '/api/user/reset_to_hrm',
    subject: 'people.user.resetToHrm',
    summary: "Reset one employee's names, tax id, birth date and gender to the HR system's data (fired there: marked deleted)",
    spec: '§7 Users (reset_to_hrm), §5 HR integration, §8 reseting_hrm_error',
    access: access.admin,
    timeoutMs: 60_000,
    body: z.object({ user_id: Id }),
    result: userSchema,
  }),
  userExport: defineRoute({
    method: 'POST',
    path: '/api/user/export/{id}',
    subject: 'people.user.export',
    summary:
      'Excel (.xlsx, exceljs streaming writer) of one employee: the address book columns and HR fields. Stored in object storage; the answer is a short-lived signed download URL (GET /api/files/…).',
    spec: '§7 Users, §8 Excel export errors',
    access: access.admin,
    params: z.object({ id: Id }),
    timeoutMs: 60_000,
    result: z.object({ url: z.string(), fileName: z.string(), size: z.number() }),
  }),
  userExportAll: defineRoute({
    method: 'POST',
    path: '/api/user/export/all/{id}',
    subject: 'people.user.exportAll',
    summary: 'Excel (.xlsx) of every employee of client {id} (deleted ones left out), as a short-lived signed download URL.',
    spec: '§7 Users, §8 Excel export errors',
    access: access.admin,
    params: z.object({ id: Id }),
    timeoutMs: 120_000,
    result: z.object({ url: z.string(), fileName: z.string(), size: z.number() }),
  }),
} satisfies Record<string, RouteDef>;

/** What the gateway learns about a token's session. */
export const sessionInfoSchema = z.object({
  userId: z.string(),
  clientId: z.string().nullable(),
  workspace: z.string().nullable(),
  roles: z.array(z.string()),
  lang: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Bus-only subjects; call with `ask`, answered by SubjectController. */
export const peopleSubjects = {
  /** { userId, sessionId } → SessionInfo | null: the gateway's per-request check (cached briefly). */
  session: defineSubject('people.internal.session', z.object({ userId: z.string(), sessionId: z.string() }), sessionInfoSchema.nullable()),
  /** { email, password } → creates the superadmin if none exists (first start). */
  ensureSuperadmin: defineSubject(
    'people.internal.ensureSuperadmin',
    z.object({ email: z.string(), password: z.string().nullable() }),
    z.object({ created: z.boolean(), _id: z.string() }),
  ),
  /** {} → { [clientId]: number of active employees } (superadmin's client list). */
  counts: defineSubject('people.internal.counts', z.object({}), z.record(z.string(), z.number())),
} satisfies Record<string, SubjectDef>;

/**
 * Payload of `evt.people.user.created|updated|deleted`.
 * Carries what projections in other services keep (e.g. social's authors: name, avatar, birthday).
 */
export const userEventSchema = z.object({
  _id: z.string(),
  client_id: z.string().nullable(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  birthDate: z.string().nullable(),
  workingSince: z.string().nullable(),
  pinned_num: z.number().nullable(),
  roles: z.array(z.string()),
  deletion_mark: z.boolean(),
});
export type UserEventData = z.infer<typeof userEventSchema>;

/** Bulk role changes (§7 clients/{id}/role/{role}) send this instead of one event per user. */
export const bulkRoleEventSchema = z.object({ bulk: z.literal(true), role: z.string() });

export const peopleEvents = {
  userCreated: defineEvent('evt.people.user.created', userEventSchema),
  userUpdated: defineEvent('evt.people.user.updated', z.union([userEventSchema, bulkRoleEventSchema])),
  userDeleted: defineEvent('evt.people.user.deleted', userEventSchema),
  /** These sessions' tokens stop working at once (gateway caches, sockets). */
  sessionRevoked: defineEvent('evt.people.session.revoked', z.object({ sessionIds: z.array(z.string()), userId: z.string().nullable() })),
  passwordResetRequested: defineEvent('evt.people.password.reset_requested', z.object({ userId: z.string() })),
  /**
   * `evt.people.import.progress` (§7 register_many or load_hrm with an `importId`): rows processed so far out of
   * `total`; phase 'saving' while rows are stored, 'done' once, last. Sent to the importing admin's sockets only
   * (`userIds`), throttled and best-effort (describes no stored change: `emit`, not the outbox): the route's
   * per-row report is the source of truth.
   */
  importProgress: defineEvent(
    'evt.people.import.progress',
    z.object({
      importId: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      phase: z.enum(['saving', 'done']),
      userIds: z.array(z.string()),
      /** POST api/user/load_hrm only: the rows' outcome so far (created / updated / unchanged / fired / failed). */
      counts: z
        .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), fired: z.number().int(), failed: z.number().int() })
        .optional(),
    }),
  ),
} satisfies Record<string, EventDef>;

/** Any payload of `evt.people.user.*` (a consumer of the wildcard gets one of these). */
export type PeopleUserEventData = EventPayload<typeof peopleEvents.userUpdated>;
export type SessionRevokedEvent = EventPayload<typeof peopleEvents.sessionRevoked>;
export type ImportProgressEvent = EventPayload<typeof peopleEvents.importProgress>;
