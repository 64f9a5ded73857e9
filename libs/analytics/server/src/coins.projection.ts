import { Inject, Injectable } from '@nestjs/common';
import { shopEvents } from '@intranet/shop-contract';
import type { BusEvent } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { AnalyticsRepository } from './analytics.repository.ts';
import { isoDay } from './period.ts';

type Kind = 'accrual' | 'cancel' | 'purchase' | 'nullify';

/** The coin movement an evt.shop.* event means, or null for the shop events that move no coins (items, settings). */
export function coinMovement(evt: BusEvent): { kind: Kind; coins: number; userId: string | null } | null {
  const d = evt.data as Record<string, unknown> | null;
  if (!d) return null;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const user = typeof d.userId === 'string' ? d.userId : null;
  switch (evt.subject) {
    case shopEvents.accrued.subject:
      return { kind: 'accrual', coins: n(d.amount), userId: user };
    case shopEvents.cancelled.subject:
      return { kind: 'cancel', coins: n(d.amount), userId: user };
    case shopEvents.purchased.subject:
      return { kind: 'purchase', coins: n(d.cost), userId: user };
    case shopEvents.nullified.subject:
      return { kind: 'nullify', coins: n(d.coins), userId: null };
    default:
      return null;
  }
}

/**
 * analytics.coin_movements from evt.shop.* (durable consumer with replay, so the projection is rebuilt from the
 * stream): accruals, their cancellations, purchases and client-wide nullifications, by day. Keyed by the event id,
 * so a redelivered or replayed event is stored once.
 */
@Injectable()
export class CoinsProjection {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: AnalyticsRepository,
  ) {}

  /** Applies one evt.shop.* event (those moving no coins are skipped). */
  async apply(evt: BusEvent): Promise<void> {
    const m = coinMovement(evt);
    if (!m || !evt.clientId) return;
    const clientId = evt.clientId;
    await this.db.inTenant({ clientId }, (tx) => this.repo.addCoinMovement(tx, { id: evt.id, clientId, ...m, day: isoDay(new Date(evt.at)) }));
  }
}
