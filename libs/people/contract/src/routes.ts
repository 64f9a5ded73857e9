import { access, defineRoute, defineSubject, Id, requiredString, V, z, type RouteDef, type SubjectDef } from '@intranet/platform-contracts';
import { peopleTargets } from './refs.ts';
import {
  emailRule,
  GRANTABLE_ROLES,
  importRowResult,
  passwordRule,
  pinnedUserSchema,
  registerBody,
  sessionInfoSchema,
  updateBody,
  userSchema,
  withPasswordCheck,
} from './schemas.ts';
import { SIGN_IN } from './sign-in.ts';

// The sign-in body's rules; sign-in.ts writes the same ones without zod for the web's first load (spec: people-contract).
const credentials = z.object({
  login: z.string({ error: SIGN_IN.login.message }).trim().min(1, SIGN_IN.login.message).max(SIGN_IN.login.max),
  password: z.string({ error: SIGN_IN.password.message }).min(1, SIGN_IN.password.message).max(SIGN_IN.password.max),
});

const loginResult = z.object({ token: z.string(), result: userSchema, _id: z.string() });
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
/** Bus-only subjects; call with `ask`, answered by SubjectController. */
export const peopleSubjects = {
  /**
   * `{ clientId }` → `{ users }`: every user of the workspace (deleted ones too) sent again as `evt.people.user.updated`
   * with `resync: true`, in one transaction, so every domain's projection of people (kb members, social authors,
   * chat people, shop members, analytics employees) is brought back to people's current state — also for users
   * older than the event stream's retention, which a replay cannot reach.
   */
  republishUsers: defineSubject(
    'people.maintenance.republishUsers',
    z.object({ clientId: Id }),
    z.object({ users: z.number().int().min(0) }),
    "Sends every user of one workspace again to the projections of people's users",
  ),
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
