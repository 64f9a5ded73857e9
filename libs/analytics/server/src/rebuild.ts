import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { PeopleUserEventData } from '@intranet/people-contract';
import type { BusEvent } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { AnalyticsRepository } from './analytics.repository.ts';
import { AdaptationsProjection } from './adaptations.projection.ts';
import { CoinsProjection } from './coins.projection.ts';
import { EmployeesProjection } from './employees.projection.ts';

const PEOPLE_USER = /^evt\.people\.user\./;
const SHOP = /^evt\.shop\./;
const ADAPTATION = /^evt\.adaptation\./;

/**
 * Rebuilds one client's projections (issue 35: "rebuildable from the event stream"): `clear` deletes its projected
 * employees, coin movements (with their daily rollup), adaptations and the visit and session rollups; `replay` applies events read back from the stream, in stream order,
 * through the same projections the live consumers use (a redelivered event changes nothing), then rebuilds the
 * daily rollups from the stored sessions and visits. The durable consumers do the same on a fresh deployment (they
 * start from the oldest event the stream keeps); the rebuild spec compares the rebuilt reports with the live ones.
 */
@Injectable()
export class ProjectionsRebuild {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: AnalyticsRepository,
    private readonly employees: EmployeesProjection,
    private readonly coins: CoinsProjection,
    private readonly adaptations: AdaptationsProjection,
  ) {}

  /** Deletes the client's projected rows (employees, coin movements, adaptations) and daily rollups (one transaction). */
  async clear(clientId: string): Promise<void> {
    await this.db.inTenant({ clientId }, async (tx) => {
      for (const t of [
        'employees',
        'coin_movements',
        'adaptations',
        'coin_days',
        'module_days',
        'module_day_users',
        'session_days',
        'session_day_users',
        'session_year_users',
      ]) {
        await tx.execute(sql.raw(`DELETE FROM analytics.${t}`));
      }
    });
  }

  /** Applies the client's people, shop and adaptation events in order (others are skipped), then rebuilds the daily rollups. */
  async replay(clientId: string, events: readonly BusEvent[]): Promise<void> {
    for (const evt of events) {
      const owner = evt.clientId ?? (evt.data as { client_id?: string } | null)?.client_id;
      if (owner !== clientId) continue;
      if (PEOPLE_USER.test(evt.subject)) await this.employees.apply(evt as BusEvent<PeopleUserEventData>);
      else if (SHOP.test(evt.subject)) await this.coins.apply(evt);
      else if (ADAPTATION.test(evt.subject)) await this.adaptations.apply(evt);
    }
    await this.db.inTenant({ clientId }, (tx) => this.repo.rebuildRollups(tx));
  }
}
