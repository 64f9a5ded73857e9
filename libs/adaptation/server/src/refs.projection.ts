import { Inject, Injectable } from '@nestjs/common';
import type { BusEvent } from '@intranet/platform-bus';
import { batchedApply, type Database, type Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { AdaptationRepository, type RefKind } from './adaptation.repository.ts';

/** One event of a kb article, a poll or a course as the projection reads it: its kind, id and whether it is gone. */
export interface RefEvent {
  kind: RefKind;
  id: string;
  deleted: boolean;
  evt: BusEvent<unknown>;
}

/**
 * Keeps adaptation.refs (the client's articles, polls and courses a step may point to) from kb's, polls' and
 * learning's events, bound by AdaptationEventsController as durable consumers replayed from the stream's start when
 * first created (an adaptation-service deployed after those objects existed still projects them; the stream keeps
 * 7 days). A burst (an import of articles) goes in one transaction per client (`batchedApply`).
 */
@Injectable()
export class RefsProjection {
  private batch?: (e: RefEvent) => Promise<void>;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: AdaptationRepository,
  ) {}

  /** Applies one event; events without a client are skipped. */
  apply(e: RefEvent): Promise<void> {
    this.batch ??= batchedApply(
      this.db,
      (x) => x.evt.clientId,
      (tx, x) => this.applyIn(tx, x),
    );
    return this.batch(e);
  }

  private async applyIn(tx: Tx, e: RefEvent): Promise<void> {
    await this.repo.refProject(tx, { kind: e.kind, id: e.id, clientId: e.evt.clientId!, deleted: e.deleted, version: new Date(e.evt.at) });
  }
}
