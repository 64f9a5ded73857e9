import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS, peopleEvents, peopleRoutes } from '@intranet/people-contract';
import { burnPasswordCheck, hashPassword, sha256, signToken, verifyPassword } from '@intranet/platform-auth';
import { isAdmin, type RequestContext } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { DomainError, Errors, MESSAGES } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { isSuper } from './access.ts';
import { ClientsPort } from './clients-port.ts';
import { toUser } from './mapping.ts';
import { PasswordResetJobs } from './password-reset.jobs.ts';
import { ResetsRepository, SessionsRepository } from './sessions.repository.ts';
import { sharedRateLimit, signInLimits, type SharedRateLimit } from './sign-in-limits.ts';
import type { UserRow } from './schema.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof peopleRoutes> = RouteInput<(typeof peopleRoutes)[K]>;

/** Sign-in, sign-out and password reset (§7 Environment and session, §8 Login errors). */
/** How often expired sign-in counters are swept (ms). */
const SWEEP_EVERY_MS = 5 * 60 * 1000;

@Injectable()
export class AuthService {
  private readonly limits: SharedRateLimit;
  // The other public credential routes' contract budgets, shared across processes like sign-in's.
  private readonly forgotLimits: SharedRateLimit;
  private readonly resetLimits: SharedRateLimit;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly clients: ClientsPort,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly resets: ResetsRepository,
    private readonly resetJobs: PasswordResetJobs,
    @Inject(PORTS.log) private readonly log: Logger,
  ) {
    this.limits = signInLimits({ db, config });
    this.forgotLimits = sharedRateLimit({ db, config }, 'forgot', peopleRoutes.authForgot.rateLimit!);
    this.resetLimits = sharedRateLimit({ db, config }, 'reset', peopleRoutes.authReset.rateLimit!);
    // The three limits share one table: one sweep of expired counters every 5 minutes, stopped with the application.
    this.sweeper = setInterval(
      () => void this.limits.sweep().catch((e: Error) => this.log.warn(`sign-in counters: sweep failed: ${e.message}`)),
      SWEEP_EVERY_MS,
    );
    this.sweeper.unref();
  }

  private readonly sweeper: NodeJS.Timeout;

  /** Stops the sweep of expired sign-in counters (Nest calls it when the application closes). */
  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** §7 POST /api/login {login, password} → { token, result, _id }; shares its rate budget with loginPage. */
  login({ body }: In<'authLogin'>, ctx: RequestContext) {
    return this.signIn(body.login, body.password, body.workspace || undefined, ctx.ip);
  }

  /** §7 POST /api/loginPage {login, password, workspace} → { token, result, _id }. */
  loginPage({ body }: In<'authLoginPage'>, ctx: RequestContext) {
    return this.signIn(body.login, body.password, body.workspace, ctx.ip);
  }

  /** §7 POST /api/logout: revokes the caller's session so the token stops working at once. */
  async logout(_input: In<'authLogout'>, ctx: RequestContext): Promise<{ ok: true }> {
    if (ctx.sessionId) {
      const sessionId = ctx.sessionId;
      await this.db.asSystem('logout', async (tx) => {
        await this.sessions.revoke(tx, sessionId);
        await this.outbox.add(tx, peopleEvents.sessionRevoked, ctx.clientId, { sessionIds: [sessionId], userId: ctx.userId });
      });
      // The token must be refused on the very next request: the gateways' caches drop it on this event.
      await this.outbox.published();
    }
    return { ok: true };
  }

  /**
   * §7 POST /api/forgot_password {email, workspace?}: stores a single-use token (hashed, 1 h) for each account
   * with this e-mail and mails the link in the account's language. The answer is `{ sent: true }` whether or not
   * the e-mail (or workspace) has an account, so it tells nobody who is registered; and it leaves before any of
   * that work (issue 38 §3: the answer of a known e-mail took twice as long): the answer only queues the request as
   * a durable job (PasswordResetJobs, PORTS.jobs: the same insert for every e-mail); the lookup, tokens and mails
   * run in the job.
   * Errors: 429 'Too many attempts, try again later' (5 per e-mail, 25 per address in 5 minutes).
   */
  async forgotPassword({ body }: In<'authForgot'>, ctx: RequestContext): Promise<{ sent: true }> {
    await this.forgotLimits.consume(ctx.ip, body.email);
    await this.resetJobs.queue(body.email, body.workspace);
    return { sent: true };
  }

  /**
   * GET /api/reset_password/{token} (added beside §7's POST): `{ valid: true }` while the link is unused and
   * unexpired. Errors: 400 'The link is invalid or expired' (code resetLinkInvalid); 429 as the POST's budget.
   */
  async resetPasswordCheck({ params }: In<'authResetCheck'>, ctx: RequestContext): Promise<{ valid: true }> {
    await this.resetLimits.consume(ctx.ip);
    const live = await this.db.asSystem('password reset check', (tx) => this.resets.live(tx, sha256(params.token)));
    if (!live) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.resetLinkInvalid);
    return { valid: true as const };
  }

  /**
   * §7 POST /api/reset_password/{token} {password, confirmPassword}: single use; revokes all sessions.
   * Errors: 429 'Too many attempts, try again later' (100 per address in 5 minutes), 400 'The link is invalid
   * or expired'.
   */
  async resetPassword({ params, body }: In<'authReset'>, ctx: RequestContext): Promise<{ ok: true }> {
    await this.resetLimits.consume(ctx.ip);
    const hash = await hashPassword(body.password);
    await this.db.asSystem('password reset', async (tx) => {
      const r = await this.resets.consume(tx, sha256(params.token));
      if (!r) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.resetLinkInvalid);
      await this.users.update(tx, r.userId, { passwordHash: hash });
      await this.outbox.add(tx, peopleEvents.sessionRevoked, r.clientId, { sessionIds: await this.sessions.revokeAllOf(tx, r.userId), userId: r.userId });
    });
    await this.outbox.published();
    return { ok: true };
  }

  /** §7 POST /api/reset_password_hard {user_id, password}: an administrator sets a password in their client. Errors: 403, 404. */
  async resetPasswordHard({ body }: In<'authResetHard'>, ctx: RequestContext): Promise<{ ok: true }> {
    if (!isAdmin(ctx)) throw Errors.forbidden();
    const hash = await hashPassword(body.password);
    const fn = async (tx: Tx) => {
      const u = await this.users.byId(tx, body.user_id);
      if (!u) throw Errors.notFound();
      await this.users.update(tx, u.id, { passwordHash: hash });
      await this.outbox.add(tx, peopleEvents.sessionRevoked, ctx.clientId, { sessionIds: await this.sessions.revokeAllOf(tx, u.id), userId: body.user_id });
    };
    await (isSuper(ctx) && !ctx.clientId ? this.db.asSystem('superadmin hard reset', fn) : this.db.inTenant(ctx, fn));
    await this.outbox.published();
    return { ok: true };
  }

  /**
   * Shared sign-in (§8 order: unknown account or wrong password, deleted user, blocked company), counted first
   * against the shared per-address and per-account budgets (429 'Too many attempts, try again later').
   * An unknown account and a wrong password get the same answer — 401 'Wrong login or password' — after the same
   * work (a password check against a dummy hash), so the answer tells nobody who is registered (docs/adr/0007).
   * An e-mail with accounts in several workspaces asks for the workspace page only to someone whose password fits.
   * Output `{ token, result: User, _id }`; the token carries exp, client_id, result._id and the session id.
   */
  private async signIn(login: string, password: string, workspace: string | undefined, ip: string | undefined) {
    await this.limits.consume(ip, login);
    const clientId = workspace ? (await this.clients.byWorkspace(workspace))._id : undefined;
    const found = await this.db.asSystem('sign-in lookup', (tx) => this.users.byLogin(tx, login, clientId));
    const wrongCredentials = () => new DomainError('wrong_password', MESSAGES.wrongCredentials, { code: 'wrongCredentials' });
    if (found.length === 0) {
      await burnPasswordCheck(password);
      throw wrongCredentials();
    }
    if (found.length > 1) {
      const fits = await Promise.all(found.map((u) => verifyPassword(u.passwordHash, password)));
      throw fits.some(Boolean) ? Errors.codedAs('bad_request', PEOPLE_ERRORS.ambiguousLogin) : wrongCredentials();
    }
    const user = found[0];
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongCredentials();
    return this.startSession(user, ip);
  }

  /**
   * The §8 checks after the credentials (deleted user 'User deleted', blocked user or company 'Login blocked'),
   * then a new session and its token → `{ token, result: User, _id }`. Shared by the password and single sign-on
   * routes (issue 37).
   */
  async startSession(user: UserRow, ip: string | undefined) {
    if (user.deletionMark) throw Errors.userDeleted();
    if (user.status === 'blocked') throw Errors.loginBlocked();
    if (user.clientId) {
      const client = await this.clients.get(user.clientId);
      if (client.status === 'blocked') throw Errors.loginBlocked();
    }
    const sid = uuidv7();
    const ttl = this.config.JWT_TTL_SECONDS;
    await this.db.asSystem('create session', (tx) =>
      this.sessions.create(tx, { id: sid, userId: user.id, clientId: user.clientId, ip: ip ?? null, expiresAt: new Date(Date.now() + ttl * 1000) }),
    );
    const token = signToken({ client_id: user.clientId, result: { _id: user.id }, sid }, this.secret(), ttl);
    return { token, result: toUser(user), _id: user.id };
  }

  /** The token signing secret; its absence is a server error (distributed mode refuses to start without it). */
  private secret(): string {
    if (!this.config.JWT_SECRET) throw new DomainError('internal', MESSAGES.serverError);
    return this.config.JWT_SECRET;
  }
}
