import { Inject, Injectable } from '@nestjs/common';
import { adaptationEvents } from '@intranet/adaptation-contract';
import type { BusEvent } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { AnalyticsRepository } from './analytics.repository.ts';
import { isoDay } from './period.ts';

/**
 * analytics.adaptations from evt.adaptation.* (durable consumer with replay, so the projection is rebuilt from the
 * stream): `started` adds the adaptation on its start date, `finished` and `probation` set their days (the event's
 * day), a reopened step clears the finish, `removed` deletes it. Other adaptation events (steps opened or finished,
 * tracks) are skipped. Every change is a plain set, so a redelivered event changes nothing.
 */
@Injectable()
export class AdaptationsProjection {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: AnalyticsRepository,
  ) {}

  /** Applies one evt.adaptation.* event. */
  async apply(evt: BusEvent): Promise<void> {
    const d = evt.data as { adaptationId?: string; userId?: string; startDate?: string } | null;
    const clientId = evt.clientId;
    if (!d?.adaptationId || !clientId) return;
    const id = d.adaptationId;
    const day = isoDay(new Date(evt.at));
    switch (evt.subject) {
      case adaptationEvents.started.subject:
        if (!d.userId) return;
        return this.db.inTenant({ clientId }, (tx) =>
          this.repo.startAdaptation(tx, { id, clientId, userId: d.userId!, startedOn: d.startDate?.slice(0, 10) || day }),
        );
      case adaptationEvents.finished.subject:
        return this.db.inTenant({ clientId }, (tx) => this.repo.markAdaptation(tx, id, { finishedOn: day }));
      case adaptationEvents.stepReopened.subject:
        return this.db.inTenant({ clientId }, (tx) => this.repo.markAdaptation(tx, id, { finishedOn: null }));
      case adaptationEvents.probationPassed.subject:
        return this.db.inTenant({ clientId }, (tx) => this.repo.markAdaptation(tx, id, { probationOn: day }));
      case adaptationEvents.removed.subject:
        return this.db.inTenant({ clientId }, (tx) => this.repo.removeAdaptation(tx, id));
      default:
        return;
    }
  }
}
