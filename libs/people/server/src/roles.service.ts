import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS, peopleEvents, type peopleRoutes, type User } from '@intranet/people-contract';
import { journal } from '@intranet/platform-audit';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { targetClient } from './access.ts';
import { toUser } from './mapping.ts';
import { UserChanges } from './user-changes.service.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof peopleRoutes> = RouteInput<(typeof peopleRoutes)[K]>;

/**
 * Roles and feature rights (§6, §7 Users roles): of one user, or of every user of a client at once. Roles are checked
 * by the gateway from its session cache, which drops the user on evt.people.user.updated: each change waits for it.
 */
@Injectable()
export class RolesService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly changes: UserChanges,
  ) {}

  /** §7 PUT api/clients/{clientId}/role/{role}: adds a role or right to every user of the client but the caller. */
  clientRoleAdd({ params }: In<'roleAddAll'>, ctx: RequestContext): Promise<{ updated: number }> {
    return this.forClient(params.clientId, params.role, 'add', ctx);
  }

  /** §7 DELETE api/clients/{clientId}/role/{role}: removes it from every non-deleted user but the caller (§6). */
  clientRoleRemove({ params }: In<'roleRemoveAll'>, ctx: RequestContext): Promise<{ updated: number }> {
    return this.forClient(params.clientId, params.role, 'remove', ctx);
  }

  /** §7 PUT api/user/{userId}/role/{role}. Errors: 403 own role cannot be changed, 404. */
  userRoleAdd({ params }: In<'roleAdd'>, ctx: RequestContext): Promise<User> {
    return this.forUser(params.userId, params.role, 'add', ctx);
  }

  /** §7 DELETE api/user/{userId}/role/{role}. Errors: 403 own role cannot be changed, 404. */
  userRoleRemove({ params }: In<'roleRemove'>, ctx: RequestContext): Promise<User> {
    return this.forUser(params.userId, params.role, 'remove', ctx);
  }

  private async forClient(requested: string, role: string, verb: 'add' | 'remove', ctx: RequestContext): Promise<{ updated: number }> {
    const clientId = targetClient(ctx, requested);
    const actor = await this.changes.actorOf(ctx);
    const updated = await this.db.inTenant({ clientId }, async (tx) => {
      const n = verb === 'add' ? await this.users.addRoleAll(tx, clientId, role, ctx.userId) : await this.users.removeRoleAll(tx, clientId, role, ctx.userId);
      await this.changes.outbox.add(tx, peopleEvents.userUpdated, clientId, { bulk: true, role });
      await journal.add(
        tx,
        { clientId, actor },
        { section: 'roles', action: `role.${verb}_all`, object: { type: 'client', id: clientId }, after: { role, users: n } },
      );
      return n;
    });
    await this.changes.outbox.published();
    return { updated };
  }

  private async forUser(userId: string, role: string, verb: 'add' | 'remove', ctx: RequestContext): Promise<User> {
    if (userId === ctx.userId) throw Errors.codedAs('forbidden', PEOPLE_ERRORS.cannotChangeOwnRole);
    const actor = await this.changes.actorOf(ctx);
    const user = await this.changes.run(ctx, `${verb} role ${role}`, async (tx) => {
      const cur = await this.users.byId(tx, userId);
      if (!cur) throw Errors.notFound();
      const roles = verb === 'add' ? [...new Set([...cur.roles, role])] : cur.roles.filter((r) => r !== role);
      const row = (await this.users.update(tx, cur.id, { roles }))!;
      const changed = toUser(row);
      await this.changes.addUserEvent(tx, 'userUpdated', changed, row.deactivatedOn);
      if (changed.client_id) await this.changes.journalUser(tx, actor, changed, 'roles', `role.${verb}`, { roles: cur.roles }, { role, roles: changed.roles });
      return changed;
    });
    await this.changes.outbox.published();
    return user;
  }
}
