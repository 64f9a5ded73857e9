import * as z from 'zod/mini';
import { V } from '@intranet/platform-contracts/base';

/** §5 sign-in texts and lengths: the zod body schemas of `peopleRoutes.authLogin`/`loginPage` are built from them too. */
export const SIGN_IN = {
  login: { message: 'Enter login or e-mail', max: 254 },
  password: { message: 'Enter login and password', max: 200 },
  workspace: { max: 30 },
} as const;

/**
 * The sign-in body's schema for the shell's sign-in form, in zod/mini (issue 8 §5: the sign-in page is part of the
 * shell's first load; zod/mini's ~5 KB gzip instead of zod's 26 KB). The same rules as the body schema of
 * `peopleRoutes.authLoginPage` (`workspace: true`: the workspace required, trimmed) or `peopleRoutes.authLogin`
 * (`workspace: false`: optional, at most 30 characters); sign-in.spec compares their answers body by body.
 * The form layer (@intranet/web-forms) takes it as it takes any zod schema.
 */
export function signInSchema(workspace: boolean) {
  const login = z.string({ error: SIGN_IN.login.message }).check(z.trim(), z.minLength(1, SIGN_IN.login.message), z.maxLength(SIGN_IN.login.max));
  const password = z.string({ error: SIGN_IN.password.message }).check(z.minLength(1, SIGN_IN.password.message), z.maxLength(SIGN_IN.password.max));
  return workspace
    ? z.object({ login, password, workspace: z.string({ error: V.required }).check(z.trim(), z.minLength(1, V.required), z.maxLength(SIGN_IN.workspace.max)) })
    : z.object({ login, password, workspace: z.optional(z.string().check(z.maxLength(SIGN_IN.workspace.max))) });
}
