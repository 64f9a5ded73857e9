import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { systemContext, type Bus } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';

/** How long a user's department is reused (ms): course visibility may lag a department change by this much. */
const DEPARTMENT_TTL_MS = 10_000;

/** Ids asked of people's users.byIds in one call (its limit). */
const LOOKUP_CHUNK = 1000;

/**
 * What lms asks people (DESIGN §2: never another schema), as the system of the client, before a transaction opens
 * (embedded PGlite has one connection). A failing people service stays a 503.
 */
@Injectable()
export class LmsPeople {
  private readonly people: PeopleClient;
  /**
   * Departments asked in the last few seconds, per client and user: a learner's every answer checks the course's
   * members, and asking people each time doubled an answer's cost. A move to another department shows within the TTL.
   */
  private readonly departments = new LRUCache<string, { department: string | null }>({ max: 50_000, ttl: DEPARTMENT_TTL_MS });
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

  /** The department of a user of the client (null when none or unknown). */
  async departmentOf(clientId: string, userId: string): Promise<string | null> {
    const key = `${clientId}:${userId}`;
    const hit = this.departments.get(key);
    if (hit) return hit.department;
    const department = (await this.people.user(clientId, userId))?.department ?? null;
    this.departments.set(key, { department });
    return department;
  }

  /** Refuses 404 'User not found' when `userId` is no user of the client. */
  async requireUser(clientId: string, userId: string): Promise<void> {
    if (!(await this.people.user(clientId, userId))) throw Errors.userNotFound();
  }

  /**
   * Checks that every id names an active user of the client. Errors: 400 'Invalid id' (code invalidId) at each
   * `field` path whose id does not (issue 38 §6).
   */
  async requireUsers(clientId: string, refs: { field: string; id: string }[]): Promise<void> {
    if (!refs.length) return;
    // People answers at most LOOKUP_CHUNK ids a call (a course may be appointed to every employee).
    const ids = [...new Set(refs.map((r) => r.id))];
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK)
      for (const id of (await this.people.usersByIds(clientId, ids.slice(i, i + LOOKUP_CHUNK))).keys()) found.add(id);
    const bad = refs.filter((r) => !found.has(r.id)).map((r) => r.field);
    if (bad.length) throw Errors.unknownIds(bad);
  }
}

/**
 * The people a course's members name (§3 Course members): the appointed users and every employee of `employees`
 * whose department is one of `departments`, each once.
 */
export function appointees(
  members: { users: readonly string[]; departments: readonly string[] },
  employees: readonly Pick<User, '_id' | 'department'>[],
): Set<string> {
  const out = new Set(members.users);
  if (members.departments.length) for (const u of employees) if (u.department && members.departments.includes(u.department)) out.add(u._id);
  return out;
}
