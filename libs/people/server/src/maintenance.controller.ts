import { Controller, Inject } from '@nestjs/common';
import { peopleEvents, peopleSubjects } from '@intranet/people-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS, SubjectHandler } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { toUser, userEventData } from './mapping.ts';
import { UsersRepository } from './users.repository.ts';

/**
 * The people domain's part of the maintenance task "rebuild read models and projections" (issue 36), asked over the
 * bus by the clients service on the superadmin's behalf.
 */
@Controller()
export class PeopleMaintenanceController {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly users: UsersRepository,
  ) {}

  /**
   * peopleSubjects.republishUsers: every user of the client (deleted ones too) as `evt.people.user.updated`
   * with `resync: true`, in one transaction (multi-row outbox inserts). Output: { users } sent. Superadmin only.
   */
  @SubjectHandler(peopleSubjects.republishUsers)
  async republishUsers(input: { clientId: string }, ctx: RequestContext) {
    if (!ctx.roles.includes('superadmin')) throw Errors.forbidden();
    return this.db.inTenant({ clientId: input.clientId, userId: null }, async (tx) => {
      const rows = await this.users.everyOfClient(tx, input.clientId);
      await this.outbox.addMany(
        tx,
        peopleEvents.userUpdated,
        rows.map((r) => ({ clientId: input.clientId, data: { ...userEventData(toUser(r), r.deactivatedOn ?? null), resync: true } })),
      );
      return { users: rows.length };
    });
  }
}
