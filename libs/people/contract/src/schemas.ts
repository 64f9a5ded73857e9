import { FEATURE_RIGHTS, Id, IsoDate, optionalUrl, requiredString, safeUrl, V, z } from '@intranet/platform-contracts';
import { PEOPLE_TEXT } from './text.ts';

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

/** Adds §5 'Passwords must match' (on confirmPassword) to a body with a password and its confirmation. */
export const withPasswordCheck = <T extends z.ZodType<{ password?: string | null; confirmPassword?: string | null }>>(s: T) =>
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
  /** §3 googleImage: the Google identity's picture, shown where there is no avatar (issue 37). */
  googleImage: z.string().nullable().optional(),
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

/** What the gateway learns about a token's session. */
export const sessionInfoSchema = z.object({
  userId: z.string(),
  clientId: z.string().nullable(),
  workspace: z.string().nullable(),
  roles: z.array(z.string()),
  lang: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
