import { Controller, Inject } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { adaptationEvents } from '@intranet/adaptation-contract';
import type { BusEvent } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { LedgerService } from './ledger.service.ts';

/** The ledger cause of an adaptation reward step: unique per adaptation and step. */
export const adaptationRewardCause = (adaptationId: string, stepId: string) => `adapt:${adaptationId}:${stepId}`;

/**
 * Adaptation reward steps (issue 34): evt.adaptation.step.finished of a reward step accrues its coins to the
 * newcomer, once per adaptation and step — the cause is the ledger's unique key, so a redelivered event, a second
 * replica, or the same step finished, rolled back and finished again adds nothing. Not tied to the client's
 * automatic accrual switches: HR set the amount on the step.
 */
@Controller()
export class AdaptationRewardsController {
  constructor(
    private readonly ledger: LedgerService,
    @Inject(PORTS.db) private readonly db: Database,
  ) {}

  /** evt.adaptation.step.finished → the step's coins (reward steps only). */
  @(EventPattern(adaptationEvents.stepFinished.subject, { durable: 'shop-adaptation-rewards' }) as MethodDecorator)
  async onStepFinished(evt: BusEvent): Promise<void> {
    const e = adaptationEvents.stepFinished.payload.parse(evt.data);
    if (!evt.clientId || e.type !== 'reward' || !e.coins || e.coins <= 0) return;
    const clientId = evt.clientId;
    await this.db.inTenant({ clientId, userId: null }, (tx) =>
      this.ledger.accrueIn(tx, {
        clientId,
        userId: e.userId,
        amount: e.coins!,
        kind: 'auto',
        cause: adaptationRewardCause(e.adaptationId, e.stepId),
        comment: e.stepName,
      }),
    );
  }
}
