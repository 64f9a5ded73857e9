import { Inject, Injectable } from '@nestjs/common';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import type { Bus } from '@intranet/platform-bus';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';

/** How many client:user pairs the membership cache keeps before it starts again. */
const KNOWN_MAX = 50_000;

/**
 * What the task tracker asks people, through the typed people client (as the service, not the caller): whether the
 * users a body names belong to the client. A failing people service stays 503; only "not found" refuses the field.
 */
@Injectable()
export class TasksPeople {
  private readonly people: PeopleClient;
  /** Users known to belong to a client (`client:user`), so a repeated check costs no bus request. */
  private readonly known = new Set<string>();

  constructor(@Inject(PORTS.bus) bus: Bus) {
    this.people = peopleClient(bus);
  }

  /**
   * Every id of `fields` (field name → ids) must be a user of `clientId`. Errors: 400 'User not found' (code
   * user_not_found) on the first field naming someone else.
   */
  async ensureUsers(clientId: string, fields: Record<string, (string | null | undefined)[] | undefined>): Promise<void> {
    for (const [field, list] of Object.entries(fields)) {
      for (const id of new Set((list ?? []).filter((x): x is string => !!x))) {
        const key = `${clientId}:${id}`;
        if (this.known.has(key)) continue;
        if (!(await this.people.user(clientId, id))) throw Errors.fieldCoded(field, GENERIC.user_not_found);
        if (this.known.size > KNOWN_MAX) this.known.clear();
        this.known.add(key);
      }
    }
  }
}
