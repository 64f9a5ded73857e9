import { Inject, Injectable } from '@nestjs/common';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import type { Bus } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';

/**
 * What lms asks people (DESIGN §2: never another schema), as the system of the client, before a transaction opens
 * (embedded PGlite has one connection). A failing people service stays a 503.
 */
@Injectable()
export class LmsPeople {
  private readonly people: PeopleClient;
  constructor(@Inject(PORTS.bus) bus: Bus) {
    this.people = peopleClient(bus);
  }

  /** The department of a user of the client (null when none or unknown). */
  async departmentOf(clientId: string, userId: string): Promise<string | null> {
    return (await this.people.user(clientId, userId))?.department ?? null;
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
    const found = await this.people.usersByIds(
      clientId,
      refs.map((r) => r.id),
    );
    const bad = refs.filter((r) => !found.has(r.id)).map((r) => r.field);
    if (bad.length) throw Errors.unknownIds(bad);
  }
}
