import { V, type ValueCheck, type ValueIssue, type ValueRules } from '@intranet/platform-contracts/base';

/** §5 sign-in texts and lengths: the zod body schemas of `peopleRoutes.login`/`loginPage` are built from them too. */
export const SIGN_IN = {
  login: { message: 'Enter login or e-mail', max: 254 },
  password: { message: 'Enter login and password', max: 200 },
  workspace: { max: 30 },
} as const;

/** The sign-in form's values as typed (the body of POST api/login or api/loginPage). */
export interface SignInInput {
  login: string;
  password: string;
  workspace?: string;
}

/** The body sent: `login` (and on a workspace page `workspace`) trimmed, unknown keys dropped. */
export type SignInValues = SignInInput;

/** zod's wording of a value of the wrong type, which a string rule without a text of its own reports. */
function wrongType(v: unknown): string {
  const got = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
  return `Invalid input: expected string, received ${got}`;
}

/**
 * One string field's rules as zod checks them: a value that is no string fails with `invalid_type` (no further
 * checks); else trimmed when `trim`, then at least one character when `min`, and at most `max` characters.
 * `message`: the field's own text, which zod also gives its length checks; without it they say zod's own words
 * ('Too big: expected string to have <=N characters'). Returns the parsed string, or pushes the issue and returns null.
 */
function stringRule(v: unknown, path: string, rule: { max: number; message?: string; trim: boolean; min: boolean }, issues: ValueIssue[]): string | null {
  if (typeof v !== 'string') {
    issues.push({ path: [path], code: 'invalid_type', message: rule.message ?? wrongType(v) });
    return null;
  }
  const s = rule.trim ? v.trim() : v;
  if (rule.min && s.length < 1) issues.push({ path: [path], code: 'too_small', message: rule.message ?? 'Too small: expected string to have >=1 characters' });
  else if (s.length > rule.max)
    issues.push({ path: [path], code: 'too_big', message: rule.message ?? `Too big: expected string to have <=${rule.max} characters` });
  else return s;
  return null;
}

/**
 * The sign-in body's rules without zod (issue 8 §5: the shell's sign-in page is part of its first load, which then
 * needs no zod): the same issues (field, zod issue code, §5 text) and the same parsed body as the zod schema of
 * `peopleRoutes.loginPage` (`workspace: true`: the workspace is required, trimmed) or `peopleRoutes.login`
 * (`workspace: false`: optional, at most 30 characters). sign-in.spec compares them with the schemas.
 */
export function signInRules(workspace: boolean): ValueRules<SignInInput, SignInValues> {
  return {
    check(value: SignInInput): ValueCheck<SignInValues> {
      const v = (value ?? {}) as unknown as Record<string, unknown>;
      const issues: ValueIssue[] = [];
      const login = stringRule(v.login, 'login', { ...SIGN_IN.login, trim: true, min: true }, issues);
      const password = stringRule(v.password, 'password', { ...SIGN_IN.password, trim: false, min: true }, issues);
      const out: SignInValues = { login: login ?? '', password: password ?? '' };
      if (workspace) {
        const ws = stringRule(v.workspace, 'workspace', { max: SIGN_IN.workspace.max, message: V.required, trim: true, min: true }, issues);
        out.workspace = ws ?? '';
      } else if ('workspace' in v) {
        // Optional: absent or undefined passes as it is (zod keeps a key given as undefined).
        if (v.workspace !== undefined)
          out.workspace = stringRule(v.workspace, 'workspace', { max: SIGN_IN.workspace.max, trim: false, min: false }, issues) ?? '';
        else out.workspace = undefined;
      }
      return issues.length ? { ok: false, issues } : { ok: true, value: out };
    },
  };
}
