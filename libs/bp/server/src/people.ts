import { Inject, Injectable } from '@nestjs/common';
import type { Step } from '@intranet/bp-contract';
import type { User } from '@intranet/people-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import type { Bus } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { bpError, namedInStep } from './rules.ts';

/** An employee bp may name: of the client, not deleted, active, not the superadmin. */
export const usable = (u: User, clientId: string): boolean =>
  u.client_id === clientId && !u.deletion_mark && u.status === 'active' && !u.roles.includes('superadmin');

/**
 * What the services domain asks people (DESIGN §2: it never reads another schema; only the ids it needs cross the
 * bus), through the typed people client: a failing people service stays 503, only "not found" is absence.
 */
@Injectable()
export class BpPeople {
  private readonly people: PeopleClient;

  constructor(@Inject(PORTS.bus) bus: Bus) {
    this.people = peopleClient(bus);
  }

  /** The active employees of the client among `ids`, keyed by id; ids that are not such employees are absent. */
  async employees(clientId: string, ids: Iterable<string>): Promise<Map<string, User>> {
    const found = await this.people.usersByIds(clientId, ids);
    return new Map([...found].filter(([, u]) => usable(u, clientId)));
  }

  /** One user of the client. Errors: 404 'User not found' (none, or another client's); 503 when people fails. */
  async user(clientId: string, userId: string): Promise<User> {
    const u = await this.people.user(clientId, userId);
    if (!u) throw Errors.userNotFound();
    return u;
  }

  /**
   * The initiator's direct chief, resolved when the step starts by people (people.internal.directChief): the head of
   * the initiator's administrative department, else of the nearest ancestor department with a head; when the
   * structure names nobody, the initiator's chiefCode. Output: the chief, or null (also a deleted or blocked one).
   */
  async chief(clientId: string, initiatorId: string): Promise<User | null> {
    const c = await this.people.directChief(clientId, initiatorId);
    return c && usable(c, clientId) ? c : null;
  }

  /**
   * The people who perform `step` for `initiator` (deduplicated, in the order named): the initiator, the direct chief
   * (asked of people only when the step names one), the chosen employees still active in the client. Errors: 400 'The
   * direct chief was not found' (bpChiefNotFound) when a chief performer has none; 400 'The step has no performers'
   * when it names nobody active.
   */
  async performers(clientId: string, step: Step, initiator: User): Promise<User[]> {
    const out = new Map<string, User>();
    const byId = await this.employees(clientId, namedInStep(step));
    for (const p of step.performers) {
      if (p.kind === 'initiator') out.set(initiator._id, initiator);
      else if (p.kind === 'chief') {
        const c = await this.chief(clientId, initiator._id);
        if (!c) throw bpError('chiefNotFound');
        out.set(c._id, c);
      } else for (const id of p.users ?? []) if (byId.has(id)) out.set(id, byId.get(id)!);
    }
    if (!out.size) throw bpError('noPerformers');
    return [...out.values()];
  }
}
