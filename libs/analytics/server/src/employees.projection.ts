import { Inject, Injectable } from '@nestjs/common';
import { peopleEvents, type PeopleUserEventData } from '@intranet/people-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { batchedApply, type Database, type Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { AnalyticsRepository } from './analytics.repository.ts';
import { isoDay } from './period.ts';

/**
 * analytics.employees from evt.people.user.* (durable consumer with replay, so the projection is rebuilt from the
 * stream): department, position, birth date, working since, hired and deactivation days. A deletion (or the
 * deletion mark) deactivates on people's `deactivatedOn` (the day recorded with the deletion; the event's day for
 * events without it), kept on later updates; clearing the mark restores. Bulk role
 * events carry no user and are skipped. Older events never overwrite newer rows.
 */
@Injectable()
export class EmployeesProjection {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: AnalyticsRepository,
  ) {}

  private batch?: (evt: BusEvent<PeopleUserEventData>) => Promise<void>;

  /** Applies an evt.people.user.* event; a burst goes in one transaction per client (`batchedApply`, issue 39). */
  apply(evt: BusEvent<PeopleUserEventData>): Promise<void> {
    const d = evt.data;
    if (!d || 'bulk' in d || !(evt.clientId ?? d.client_id)) return Promise.resolve();
    this.batch ??= batchedApply(
      this.db,
      (e) => e.clientId ?? ('bulk' in e.data ? null : e.data.client_id),
      (tx, e) => this.applyIn(tx, e),
    );
    return this.batch(evt);
  }

  private async applyIn(tx: Tx, evt: BusEvent<PeopleUserEventData>): Promise<void> {
    const d = evt.data;
    if ('bulk' in d) return;
    const clientId = (evt.clientId ?? d.client_id)!;
    const at = new Date(evt.at);
    const day = isoDay(at);
    const gone = evt.subject === peopleEvents.userDeleted.subject || d.deletion_mark;
    const cur = await this.repo.employee(tx, d._id);
    await this.repo.projectEmployee(tx, {
      id: d._id,
      clientId,
      department: d.department,
      position: d.position,
      birthDate: d.birthDate?.slice(0, 10) || null,
      workingSince: d.workingSince?.slice(0, 10) || null,
      hiredOn: cur?.hiredOn ?? (d.workingSince?.slice(0, 10) || day),
      // People's own day when the event carries it; else what the projection knew, else the event's day.
      deactivatedOn: gone ? (d.deactivatedOn ?? cur?.deactivatedOn ?? day) : null,
      superadmin: d.roles.includes('superadmin'),
      version: at,
    });
  }
}
