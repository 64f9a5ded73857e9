import { Inject, Injectable } from '@nestjs/common';
import type { Grant } from '@intranet/kb-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { systemContext, type Bus } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { foreignGrantPaths, grantLevel } from './grants.ts';

/** A recipient as polls keeps it: id, name and department (for the not-passed tab). */
export interface Recipient {
  userId: string;
  name: string;
  department: string | null;
}

/**
 * What polls asks people (DESIGN §2: polls never reads another schema): the client's employees and one user, as
 * the system of the client. A failing people service stays a 503; only "no such user" is a 404.
 */
@Injectable()
export class RecipientsService {
  private readonly people: PeopleClient;

  constructor(@Inject(PORTS.bus) private readonly bus: Bus) {
    this.people = peopleClient(bus);
  }

  /** The client's active employees (people.user.forClient; the superadmin and deleted or blocked users left out). */
  async employees(clientId: string): Promise<User[]> {
    const users = await this.bus.request<User[]>(peopleRoutes.userForClient.subject, {
      ctx: systemContext(clientId),
      input: { params: { clientId }, query: {}, body: {} },
    });
    return users.filter((u) => u.client_id === clientId && !u.deletion_mark && u.status === 'active' && !u.roles.includes('superadmin'));
  }

  /**
   * The recipients of a poll's grants, resolved now: every active employee of the client a grant gives read or
   * write; no grants at all means everyone (§6 "if no rights are set, all may view"; closed polls must name them).
   * Errors: 400 'Invalid id' on a grant naming someone who is no active employee of the client (issue 38 §6).
   */
  async resolve(clientId: string, grants: readonly Grant[]): Promise<Recipient[]> {
    const users = await this.employees(clientId);
    const bad = foreignGrantPaths(grants, new Set(users.map((u) => u._id)));
    if (bad.length) throw Errors.unknownIds(bad);
    return users.filter((u) => !grants.length || grantLevel(grants, u) > 0).map((u) => ({ userId: u._id, name: u.fullName, department: u.department }));
  }

  /** The roles of one user of the client (people.user.get). Errors: 404 'User not found'; people's 503 as it is. */
  async rolesOf(clientId: string, userId: string): Promise<string[]> {
    const u = await this.people.user(clientId, userId);
    if (!u) throw Errors.userNotFound();
    return u.roles;
  }
}
