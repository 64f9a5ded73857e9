import { Injectable } from '@nestjs/common';
import type { BusEvent } from '@intranet/platform-bus';
import { Notifier } from './notifier.service.ts';
import { Directory } from './people.ts';
import { PresenceMap } from './presence.ts';
import { expandAddressees, RULES, withActors } from './rules.ts';
import type { Rule } from './rule.ts';

const BY_SUBJECT = new Map<string, Rule>(RULES.map((r) => [r.def.subject, r]));

/**
 * The consumed domain events → notifications: the event's rule gives the drafts, addressed groups (the
 * administrators, a vacation's approvers) become one draft per person, an away-only rule keeps the people without
 * the portal open (PresenceMap), actors named by id get their names, and the Notifier stores them. An event without a
 * client, or of a subject with no rule, does nothing. Errors: bus and database errors pass through (redelivery).
 */
@Injectable()
export class EventConsumer {
  constructor(
    private readonly directory: Directory,
    private readonly presence: PresenceMap,
    private readonly notifier: Notifier,
  ) {}

  /** Handles one event of `subject` (see the class). */
  async handle(subject: string, evt: BusEvent): Promise<void> {
    const r = BY_SUBJECT.get(subject);
    const clientId = evt.clientId;
    if (!r || !clientId) return;
    const parsed = { ...evt, data: r.def.payload.parse(evt.data) };
    let addressed = await expandAddressees(r.drafts(parsed), {
      admins: () => this.directory.admins(clientId),
      approvers: (userId) => this.directory.approvers(clientId, userId),
    });
    if (r.awayOnly && addressed.length) {
      const away = new Set(await this.presence.away(clientId, [...new Set(addressed.map((d) => d.userId))]));
      addressed = addressed.filter((d) => away.has(d.userId));
    }
    const drafts = await withActors(addressed, async (ids) => {
      const people = await this.directory.employees(clientId, ids);
      return new Map(people.map((p) => [p._id, p.fullName]));
    });
    if (drafts.length) await this.notifier.notify(clientId, drafts);
  }
}
