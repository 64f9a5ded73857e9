import { clientSubjects } from '@intranet/clients-contract';
import { PEOPLE_TEXT, peopleEvents, peopleRoutes, peopleSubjects, type SessionInfo } from '@intranet/people-contract';
import { burnPasswordCheck, hashPassword, newSecretToken, sha256, signToken, verifyPassword } from '@intranet/platform-auth';
import { ask, systemContext, type RouteHandlers } from '@intranet/platform-bus';
import { sql, uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors, MESSAGES } from '@intranet/platform-errors';
import type { DomainDeps, SubjectHandlers } from '@intranet/platform-host';
import { passwordResetMail } from '@intranet/platform-mail';
import { isAdmin, isSuper, toUser } from './mapping.ts';
import { resetsRepository, sessionsRepository, usersRepository as users } from './repository.ts';
import type { UserRow } from './schema.ts';
import { sharedRateLimit, signInLimits } from './sign-in-limits.ts';

type AuthRoutes = Pick<typeof peopleRoutes, 'login' | 'loginPage' | 'logout' | 'forgotPassword' | 'resetPassword' | 'resetPasswordCheck' | 'resetPasswordHard'>;

const RESET_TTL_MS = 60 * 60 * 1000;

/** Sign-in, sign-out and password reset (§7 Environment and session, §8 Login errors). */
export function authHandlers({ db, bus, config, mailer, log, outbox }: DomainDeps): RouteHandlers<AuthRoutes> {
  /** The token signing secret; its absence is a server error (distributed mode refuses to start without it). */
  const secret = () => {
    if (!config.JWT_SECRET) throw new DomainError('internal', MESSAGES.serverError);
    return config.JWT_SECRET;
  };
  const limits = signInLimits({ db, config });
  // The other public credential routes' contract budgets, shared across processes like sign-in's.
  const forgotLimits = sharedRateLimit({ db, config }, 'forgot', peopleRoutes.forgotPassword.rateLimit!);
  const resetLimits = sharedRateLimit({ db, config }, 'reset', peopleRoutes.resetPassword.rateLimit!);
  /** The client of `id` from the clients service (status for the §8 'Login blocked' check). */
  const clientOf = (id: string) => ask(bus, clientSubjects.internalGet, systemContext(), { id });
  /** The client of a workspace code; an unknown one is 404 'The requested resource was not found'. */
  const workspaceClient = async (workspace: string) => {
    try {
      return await ask(bus, clientSubjects.internalByWorkspace, systemContext(), { workspace });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') throw Errors.notFound();
      throw err;
    }
  };

  /**
   * The per-account work of a password reset request, started once the handler has answered (setImmediate: after
   * the reply's promise chain): the workspace, the accounts with the e-mail, a stored token and a mail for each.
   * A failure is logged (the caller was answered already; asking again sends a new link).
   */
  function resetsAfterAnswer(email: string, workspace: string | undefined): void {
    setImmediate(() => {
      sendResets(email, workspace).catch((err: unknown) => log.error(`password reset request failed: ${(err as Error)?.name}: ${(err as Error)?.message}`));
    });
  }

  async function sendResets(email: string, workspace: string | undefined): Promise<void> {
    let clientId: string | undefined;
    if (workspace) {
      try {
        clientId = (await workspaceClient(workspace))._id;
      } catch (err) {
        if (err instanceof DomainError && err.code === 'not_found') return;
        throw err;
      }
    }
    const found = (await db.asSystem('forgot-password lookup', (tx) => users.byEmail(tx, email, clientId))).filter((u) => !u.deletionMark);
    const base = publicUrl(config);
    for (const u of found) {
      const { token, hash } = newSecretToken();
      await db.asSystem('create password reset', async (tx) => {
        await resetsRepository.create(tx, {
          id: uuidv7(),
          userId: u.id,
          clientId: u.clientId,
          tokenHash: hash,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        await outbox.add(tx, peopleEvents.passwordResetRequested, u.clientId, { userId: u.id });
      });
      await mailer.send(passwordResetMail(u.email, u.firstName, `${base}/reset-password/${token}`, u.lang));
    }
    log.info(`password reset requested for ${found.length} account(s)`);
  }

  /**
   * Shared sign-in (§8 order: unknown account or wrong password, deleted user, blocked company), counted first
   * against the shared per-address and per-account budgets (429 'Too many attempts, try again later').
   * An unknown account and a wrong password get the same answer — 401 'Wrong login or password' — after the same
   * work (a password check against a dummy hash), so the answer tells nobody who is registered (docs/adr/0007).
   * An e-mail with accounts in several workspaces asks for the workspace page only to someone whose password fits.
   * Output `{ token, result: User, _id }`; the token carries exp, client_id, result._id and the session id.
   */
  async function signIn(login: string, password: string, workspace: string | undefined, ip: string | undefined) {
    await limits.consume(ip, login);
    const clientId = workspace ? (await workspaceClient(workspace))._id : undefined;
    const found = await db.asSystem('sign-in lookup', (tx) => users.byLogin(tx, login, clientId));
    const wrongCredentials = () => new DomainError('wrong_password', MESSAGES.wrongCredentials, { code: 'wrongCredentials' });
    if (found.length === 0) {
      await burnPasswordCheck(password);
      throw wrongCredentials();
    }
    if (found.length > 1) {
      const fits = await Promise.all(found.map((u) => verifyPassword(u.passwordHash, password)));
      throw fits.some(Boolean) ? Errors.badRequest(PEOPLE_TEXT.ambiguousLogin) : wrongCredentials();
    }
    const user = found[0];
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongCredentials();
    if (user.deletionMark) throw Errors.userDeleted();
    if (user.status === 'blocked') throw Errors.loginBlocked();
    if (user.clientId) {
      const client = await clientOf(user.clientId);
      if (client.status === 'blocked') throw Errors.loginBlocked();
    }
    const sid = uuidv7();
    const ttl = config.JWT_TTL_SECONDS;
    await db.asSystem('create session', (tx) =>
      sessionsRepository.create(tx, { id: sid, userId: user.id, clientId: user.clientId, ip: ip ?? null, expiresAt: new Date(Date.now() + ttl * 1000) }),
    );
    const token = signToken({ client_id: user.clientId, result: { _id: user.id }, sid }, secret(), ttl);
    return { token, result: toUser(user), _id: user.id };
  }

  return {
    /** §7 POST /api/login {login, password} → { token, result, _id }; shares its rate budget with loginPage. */
    login: async ({ body }, ctx) => signIn(body.login, body.password, body.workspace || undefined, ctx.ip),

    /** §7 POST /api/loginPage {login, password, workspace} → { token, result, _id }. */
    loginPage: async ({ body }, ctx) => signIn(body.login, body.password, body.workspace, ctx.ip),

    /** §7 POST /api/logout: revokes the caller's session so the token stops working at once. */
    logout: async (_input, ctx) => {
      if (ctx.sessionId) {
        const sessionId = ctx.sessionId;
        await db.asSystem('logout', async (tx) => {
          await sessionsRepository.revoke(tx, sessionId);
          await outbox.add(tx, peopleEvents.sessionRevoked, ctx.clientId, { sessionIds: [sessionId], userId: ctx.userId });
        });
        // The token must be refused on the very next request: the gateways' caches drop it on this event.
        await outbox.published();
      }
      return { ok: true };
    },

    /**
     * §7 POST /api/forgot_password {email, workspace?}: stores a single-use token (hashed, 1 h) for each account
     * with this e-mail and mails the link in the account's language. The answer is `{ sent: true }` whether or not
     * the e-mail (or workspace) has an account, so it tells nobody who is registered; and it leaves before any of
     * that work (issue 38 §3: the answer of a known e-mail took twice as long): the lookup, tokens and mails run
     * after it (resetsAfterAnswer).
     * Errors: 429 'Too many attempts, try again later' (5 per e-mail, 25 per address in 5 minutes).
     */
    forgotPassword: async ({ body }, ctx) => {
      await forgotLimits.consume(ctx.ip, body.email);
      resetsAfterAnswer(body.email, body.workspace);
      return { sent: true };
    },

    /**
     * GET /api/reset_password/{token} (added beside §7's POST): `{ valid: true }` while the link is unused and
     * unexpired. Errors: 400 'The link is invalid or expired' (code resetLinkInvalid); 429 as the POST's budget.
     */
    resetPasswordCheck: async ({ params }, ctx) => {
      await resetLimits.consume(ctx.ip);
      const live = await db.asSystem('password reset check', (tx) => resetsRepository.live(tx, sha256(params.token)));
      if (!live) throw Errors.badRequest(PEOPLE_TEXT.resetLinkInvalid);
      return { valid: true as const };
    },

    /**
     * §7 POST /api/reset_password/{token} {password, confirmPassword}: single use; revokes all sessions.
     * Errors: 429 'Too many attempts, try again later' (100 per address in 5 minutes), 400 'The link is invalid
     * or expired'.
     */
    resetPassword: async ({ params, body }, ctx) => {
      await resetLimits.consume(ctx.ip);
      const hash = await hashPassword(body.password);
      await db.asSystem('password reset', async (tx) => {
        const r = await resetsRepository.consume(tx, sha256(params.token));
        if (!r) throw Errors.badRequest(PEOPLE_TEXT.resetLinkInvalid);
        await users.update(tx, r.userId, { passwordHash: hash });
        await outbox.add(tx, peopleEvents.sessionRevoked, r.clientId, { sessionIds: await sessionsRepository.revokeAllOf(tx, r.userId), userId: r.userId });
      });
      await outbox.published();
      return { ok: true };
    },

    /** §7 POST /api/reset_password_hard {user_id, password}: an administrator sets a password in their client. */
    resetPasswordHard: async ({ body }, ctx) => {
      if (!isAdmin(ctx)) throw Errors.forbidden();
      const hash = await hashPassword(body.password);
      const fn = async (tx: Parameters<Parameters<typeof db.inTenant>[1]>[0]) => {
        const u = await users.byId(tx, body.user_id);
        if (!u) throw Errors.notFound();
        await users.update(tx, u.id, { passwordHash: hash });
        await outbox.add(tx, peopleEvents.sessionRevoked, ctx.clientId, { sessionIds: await sessionsRepository.revokeAllOf(tx, u.id), userId: body.user_id });
      };
      await (isSuper(ctx) && !ctx.clientId ? db.asSystem('superadmin hard reset', fn) : db.inTenant(ctx, fn));
      await outbox.published();
      return { ok: true };
    },
  };
}

/** Bus-only subjects (`peopleSubjects`): the gateway's session check and the superadmin bootstrap. */
export function authSubjects({ db }: Pick<DomainDeps, 'db'>): SubjectHandlers<typeof peopleSubjects> {
  return {
    /** { userId, sessionId } → SessionInfo, or null when the session is revoked/expired or the user deleted. */
    session: async ({ userId, sessionId }) => {
      if (!userId || !sessionId) return null;
      const u = await db.asSystem('session check', (tx) => sessionsRepository.live(tx, sessionId, userId));
      if (!u || u.deletionMark || u.status === 'blocked') return null;
      const info: SessionInfo = { userId: u.id, clientId: u.clientId, workspace: null, roles: u.roles, lang: u.lang };
      return info;
    },

    /** {} → { [clientId]: number of active employees } for the superadmin's client list (§2 client screen). */
    counts: async () => db.asSystem('employee counts', (tx) => users.counts(tx)),

    /** { email, password } → creates the superadmin if none exists (first start). Returns { created, _id }. */
    ensureSuperadmin: async ({ email, password }) => ensureSuperadmin(db, email, password),
  };
}

/** Creates the superadmin account if none exists. Output: { created, _id }. */
export async function ensureSuperadmin(db: DomainDeps['db'], email: string, password: string | null): Promise<{ created: boolean; _id: string }> {
  const passwordHash = password ? await hashPassword(password) : null;
  return db.asSystem('superadmin bootstrap', async (tx) => {
    // Replicas starting together must not both create one: check and insert under one transaction lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('intranet:superadmin'))`);
    const existing = await users.superadmin(tx);
    if (existing.length) return { created: false, _id: existing[0].id };
    const [u]: UserRow[] = await users.insertMany(tx, [
      {
        id: uuidv7(),
        clientId: null,
        roles: ['superadmin'],
        firstName: 'Super',
        lastName: 'Admin',
        email: email.toLowerCase(),
        login: 'superadmin',
        passwordHash,
        lang: 'en',
      },
    ]);
    return { created: true, _id: u.id };
  });
}

/** Issues a password reset token for `userId` and returns its link (first-start superadmin sign-in). */
export async function oneTimeLink(db: DomainDeps['db'], userId: string, config: DomainDeps['config']): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.asSystem('one-time sign-in link', (tx) =>
    resetsRepository.create(tx, { id: uuidv7(), userId, clientId: null, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MS) }),
  );
  return `${publicUrl(config)}/reset-password/${token}`;
}

/** Base URL people open (links in mails): PUBLIC_URL, else http://HOST:PORT. */
export function publicUrl(config: DomainDeps['config']): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
}
