import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS, type peopleRoutes, type User } from '@intranet/people-contract';
import { hashPassword } from '@intranet/platform-auth';
import { isAdmin, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { assertMayUpdateUser, canReadUser, isProtectedAccount, isSuper, targetClient } from './access.ts';
import { ClientsPort } from './clients-port.ts';
import { profileColumns, toUser } from './mapping.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { UserChanges } from './user-changes.service.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof peopleRoutes> = RouteInput<(typeof peopleRoutes)[K]>;

/** Users (§7 Users, §5 Employee, §4 Employee states): reading, the address book, profile edits, blocking and deletion. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly clients: ClientsPort,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly changes: UserChanges,
  ) {}

  /**
   * §7 GET api/user/{id}: a user of the caller's client; anything else is 404. One's own record is always
   * readable; another's needs the address book right (§6 `address`; admins always). Errors: 403 'No access'.
   */
  async get({ params }: In<'userGet'>, ctx: RequestContext): Promise<User> {
    if (!canReadUser(ctx, params.id)) throw Errors.noAccess();
    // One's own record is always readable, even by a superadmin working inside a selected workspace.
    const row =
      params.id === ctx.userId && isSuper(ctx)
        ? await this.db.asSystem(`superadmin ${ctx.userId}: own record`, (tx) => this.users.byId(tx, params.id))
        : await this.changes.run(ctx, `get user ${params.id}`, (tx) => this.users.byId(tx, params.id));
    if (!row) throw Errors.notFound();
    return toUser(row);
  }

  /** §7 GET api/user/for_client/{clientId}: active users of the caller's client (route needs `address`, §6). */
  async forClient({ params }: In<'userForClient'>, ctx: RequestContext): Promise<User[]> {
    const clientId = targetClient(ctx, params.clientId);
    const rows = await this.db.inTenant({ clientId }, (tx) => this.users.forClient(tx, clientId));
    return rows.map(toUser);
  }

  /**
   * §7 POST api/user/filter/{workspace} {data}: search, sort and page the client's users — the address book
   * (route needs `address`, §6); deleted ones on request, admins only. Errors: 404 other workspace, 403.
   */
  async filter({ params, body }: In<'userFilter'>, ctx: RequestContext) {
    const clientId = isSuper(ctx) ? (await this.clients.byWorkspace(params.workspace))._id : targetClient(ctx);
    if (!isSuper(ctx) && ctx.workspace && params.workspace.toLowerCase() !== ctx.workspace) throw Errors.notFound();
    const d = body.data;
    if (d.deleted && !isAdmin(ctx)) throw Errors.forbidden();
    const { rows, total } = await this.db.inTenant({ clientId }, (tx) =>
      this.users.filter(tx, {
        clientId,
        search: d.search,
        deleted: d.deleted,
        namesFirst: d.namesFirst,
        sort: d.sort,
        order: d.order,
        offset: (d.page - 1) * d.limit,
        limit: d.limit,
      }),
    );
    return { users: rows.map(toUser), total, page: d.page, limit: d.limit };
  }

  /**
   * §7 PUT api/user/{id}: own profile (needs profile_edit, except a body of only `lang`) or any user of the
   * client for an admin.
   * `status` ('blocked' | 'active', §4 Employee states) only for admins; blocking ends all the user's sessions.
   * Errors: 404, 403 ('No access'; 'You cannot block yourself'; 'Administrator cannot be blocked'),
   * §5 field errors, e-mail/login taken.
   */
  async update({ params, body }: In<'userUpdate'>, ctx: RequestContext): Promise<User> {
    assertMayUpdateUser(ctx, params.id, body);
    const { password, confirmPassword: _c, status, ...profile } = body;
    const hash = password ? await hashPassword(password) : undefined;
    const actor = status !== undefined ? await this.changes.actorOf(ctx) : null;
    const updated = await this.changes.run(ctx, `update user ${params.id}`, async (tx) => {
      const cur = await this.users.byId(tx, params.id);
      if (!cur) throw Errors.notFound();
      const blocking = status === 'blocked' && cur.status !== 'blocked';
      if (blocking && isProtectedAccount(cur.roles)) throw Errors.codedAs('forbidden', PEOPLE_ERRORS.cannotBlockAdmin);
      const cols = profileColumns(profile);
      if (cur.clientId && (cols.email || cols.login)) {
        const taken = await this.users.taken(tx, cur.clientId, cols.email ? [cols.email] : [], cols.login ? [cols.login] : [], cur.id);
        if (cols.email && taken.emails.size) throw Errors.conflictCoded('email', PEOPLE_ERRORS.emailTaken);
        if (cols.login && taken.logins.size) throw Errors.conflictCoded('login', PEOPLE_ERRORS.loginTaken);
      }
      const row = (await this.users.update(tx, cur.id, { ...cols, ...(hash ? { passwordHash: hash } : {}), ...(status ? { status } : {}) }))!;
      const user = toUser(row);
      await this.changes.addUserEvent(tx, 'userUpdated', user, row.deactivatedOn);
      if (actor && user.client_id && cur.status !== row.status) {
        const action = row.status === 'blocked' ? 'user.block' : 'user.unblock';
        await this.changes.journalUser(tx, actor, user, 'users', action, { status: cur.status }, { status: row.status });
      }
      // Same as deletion: a blocked user's tokens stop working at once.
      await this.changes.addRevoked(tx, user.client_id, user._id, blocking ? await this.sessions.revokeAllOf(tx, cur.id) : []);
      return user;
    });
    // A block ends the sessions at once (gateways drop them on the event); other edits refresh caches as soon.
    await this.changes.outbox.published();
    return updated;
  }

  /** §7 PUT api/user/delete/{id}: marks deleted and ends their sessions. Errors: 403 cannot delete self or an administrator, 404. */
  async delete({ params }: In<'userDelete'>, ctx: RequestContext): Promise<User> {
    if (params.id === ctx.userId) throw Errors.codedAs('forbidden', PEOPLE_ERRORS.cannotDeleteSelf);
    const actor = await this.changes.actorOf(ctx);
    const user = await this.changes.run(ctx, `delete user ${params.id}`, async (tx) => {
      const cur = await this.users.byId(tx, params.id);
      if (!cur) throw Errors.notFound();
      if (isProtectedAccount(cur.roles)) throw Errors.codedAs('forbidden', PEOPLE_ERRORS.cannotDeleteAdmin);
      // A second deletion keeps the first day: the last working day does not move.
      const row = (await this.users.update(tx, cur.id, { deletionMark: true, deactivatedOn: cur.deactivatedOn ?? new Date().toISOString().slice(0, 10) }))!;
      const deleted = toUser(row);
      await this.changes.addUserEvent(tx, 'userDeleted', deleted, row.deactivatedOn);
      if (deleted.client_id)
        await this.changes.journalUser(tx, actor, deleted, 'users', 'user.delete', { deletion_mark: cur.deletionMark }, { deletion_mark: true });
      // Always sent (also with no live session), as before: the gateway forgets the user at once.
      await this.changes.signOutEverywhere(tx, deleted.client_id, cur.id);
      return deleted;
    });
    await this.changes.outbox.published();
    return user;
  }

  /** §7 PUT api/user/undelete/{id}: restores a deleted user. Errors: 404. */
  async undelete({ params }: In<'userUndelete'>, ctx: RequestContext): Promise<User> {
    const actor = await this.changes.actorOf(ctx);
    return this.changes.run(ctx, `undelete user ${params.id}`, async (tx) => {
      const cur = await this.users.byId(tx, params.id);
      if (!cur) throw Errors.notFound();
      const restored = toUser((await this.users.update(tx, cur.id, { deletionMark: false, deactivatedOn: null }))!);
      await this.changes.addUserEvent(tx, 'userUpdated', restored, null);
      if (restored.client_id)
        await this.changes.journalUser(tx, actor, restored, 'users', 'user.undelete', { deletion_mark: cur.deletionMark }, { deletion_mark: false });
      return restored;
    });
  }
}
