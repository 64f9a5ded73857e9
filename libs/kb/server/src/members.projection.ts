import { Inject, Injectable } from '@nestjs/common';
import { peopleEvents } from '@intranet/people-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { batchedApply, type Database, type Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { MembersRepository } from './members.repository.ts';

/** What evt.people.user.* carries today, and the attributes an extended payload may add. */
export interface PeopleUserEvent {
  _id?: string;
  client_id?: string | null;
  fullName?: string;
  roles?: string[];
  deletion_mark?: boolean;
  department?: string | null;
  position?: string | null;
  city?: string | null;
  workingSince?: string | null;
  /** Bulk role changes: no user list. */
  bulk?: boolean;
}

const ATTRS = ['department', 'position', 'city', 'workingSince'] as const;

/**
 * Keeps kb.members (the grants' view of employees) from people's events, with a durable consumer so none is
 * missed while kb is down. An event without every grant attribute marks the row incomplete: the next access
 * check fetches the user from people (ViewerService.memberOf). Older events never overwrite newer rows. Bound by
 * MembersController to `evt.people.user.*` as the durable consumer `kb-users` with replay (a kb-service deployed
 * after people already had users still projects them; the stream keeps 7 days).
 */
@Injectable()
export class MembersProjection {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly members: MembersRepository,
  ) {}

  private batch?: (evt: BusEvent<PeopleUserEvent>) => Promise<void>;

  /** Applies an evt.people.user.* event to kb.members; a burst goes in one transaction per client (`batchedApply`). */
  apply(evt: BusEvent<PeopleUserEvent>): Promise<void> {
    this.batch ??= batchedApply(
      this.db,
      (e) => e.clientId ?? e.data?.client_id,
      (tx, e) => this.applyIn(tx, e),
    );
    return this.batch(evt);
  }

  /** Applies one evt.people.user.* event to kb.members in `tx`. */
  private async applyIn(tx: Tx, evt: BusEvent<PeopleUserEvent>): Promise<void> {
    const d = evt.data ?? {};
    const clientId = evt.clientId ?? d.client_id ?? null;
    if (!clientId) return;
    if (d.bulk || !d._id) {
      await this.members.staleAll(tx, clientId);
      return;
    }
    const complete = ATTRS.every((k) => k in d);
    const version = new Date(evt.at);
    const values = {
      id: d._id,
      clientId,
      roles: d.roles ?? [],
      fullName: d.fullName ?? null,
      deletionMark: evt.subject === peopleEvents.userDeleted.subject ? true : Boolean(d.deletion_mark),
      department: d.department ?? null,
      position: d.position ?? null,
      city: d.city ?? null,
      workingSince: d.workingSince || null,
      complete,
      version,
    };
    const set: Partial<typeof values> = { roles: values.roles, fullName: values.fullName, deletionMark: values.deletionMark, complete, version };
    if (complete) Object.assign(set, { department: values.department, position: values.position, city: values.city, workingSince: values.workingSince });
    await this.members.project(tx, values, set);
  }
}
