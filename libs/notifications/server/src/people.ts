import { peopleRoutes, type User } from '@intranet/people-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { systemContext, type Bus } from '@intranet/platform-bus';

/** What notifications needs of a user: whether they are an employee account, their e-mail and language. */
export interface Recipient {
  _id: string;
  email: string;
  lang: string;
  fullName: string;
  /** Whether they administer the client (role `admin`). */
  admin: boolean;
  /** Whether they hold the §6 right "Editing vacations" (`vacations_edit`). */
  vacationsEdit?: boolean;
}

/** §1: notifications are only for employee accounts — active, not deleted, not the superadmin. */
export const isEmployee = (u: Pick<User, 'deletion_mark' | 'status' | 'roles'>) => !u.deletion_mark && u.status === 'active' && !u.roles.includes('superadmin');

/**
 * The client's employees as people gives them (a bus request to people.user.forClient as the system: notifications
 * never reads another schema), cached per client for `ttlMs` and fetched again when an id is not in the cache
 * (a user registered since). Errors: bus errors pass through (a durable consumer then retries the event).
 */
export class Directory {
  private readonly cache = new Map<string, { at: number; users: Map<string, Recipient> }>();
  private readonly people: PeopleClient;

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs = 30_000,
  ) {
    this.people = peopleClient(bus);
  }

  /** The employees among `ids` of `clientId` (others, and unknown ids, are left out). */
  async employees(clientId: string, ids: readonly string[]): Promise<Recipient[]> {
    let entry = this.cache.get(clientId);
    const stale = !entry || Date.now() - entry.at > this.ttlMs || ids.some((id) => !entry!.users.has(id));
    if (stale) entry = await this.load(clientId);
    return [...new Set(ids)].map((id) => entry!.users.get(id)).filter((u): u is Recipient => !!u);
  }

  /**
   * The ids of the client's administrators who are employees (§1), always asked afresh (a cached list could miss
   * an administrator appointed a moment ago; what asks for it is rare), refreshing the cache too.
   */
  async admins(clientId: string): Promise<string[]> {
    const entry = await this.load(clientId);
    return [...entry.users.values()].filter((u) => u.admin).map((u) => u._id);
  }

  /**
   * Who approves `userId`'s vacation: their direct chief (people.internal.directChief: the administrative structure,
   * else the user's chiefCode) when that is an employee, else the employees with `vacations_edit` and the
   * administrators. Never the employee themselves.
   */
  async approvers(clientId: string, userId: string): Promise<string[]> {
    const chief = await this.people.directChief(clientId, userId);
    if (chief && chief._id !== userId && (await this.employees(clientId, [chief._id])).length) return [chief._id];
    const entry = await this.load(clientId);
    return [...entry.users.values()].filter((u) => (u.admin || u.vacationsEdit) && u._id !== userId).map((u) => u._id);
  }

  /** Forgets a client's cached users (a user changed). */
  forget(clientId: string): void {
    this.cache.delete(clientId);
  }

  private async load(clientId: string) {
    const users = await this.bus.request<User[]>(peopleRoutes.userForClient.subject, {
      ctx: systemContext(clientId),
      input: { params: { clientId }, query: {}, body: {} },
    });
    const map = new Map<string, Recipient>();
    for (const u of users) {
      if (u.client_id === clientId && isEmployee(u))
        map.set(u._id, {
          _id: u._id,
          email: u.email,
          lang: u.lang,
          fullName: u.fullName,
          admin: u.roles.includes('admin'),
          vacationsEdit: u.roles.includes('vacations_edit'),
        });
    }
    const entry = { at: Date.now(), users: map };
    this.cache.set(clientId, entry);
    return entry;
  }
}
