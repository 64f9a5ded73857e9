import { Inject, Injectable } from '@nestjs/common';
import { adaptationEvents, type adaptationRoutes } from '@intranet/adaptation-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canRemoveItem } from './access.ts';
import { toItem } from './mapping.ts';
import { AdaptationRepository } from './adaptation.repository.ts';

/**
 * The use cases of the adaptation routes (§7 Adaptation). Input is already validated by the contract; each
 * change is one tenant transaction and writes its event to the outbox in it. A large write path moves to a use-case
 * class of its own under use-cases/.
 */
@Injectable()
export class AdaptationService {
  constructor(
    private readonly repo: AdaptationRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /** §7 GET api/adaptation/items?page&limit → { items, total } of the caller's client, newest first. */
  async itemList({ query }: RouteInput<typeof adaptationRoutes.itemList>, ctx: RequestContext) {
    requireCaller(ctx);
    const w = pageWindow(query.page, query.limit, 100);
    const { rows, total } = await this.db.inTenant(ctx, (tx) => this.repo.page(tx, w.offset, w.limit));
    return { items: rows.map(toItem), total };
  }

  /** §7 POST api/adaptation/items { name } → the item; publishes evt.adaptation.item.created. Errors: 403 no client. */
  async itemCreate({ body }: RouteInput<typeof adaptationRoutes.itemCreate>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const item = toItem(await this.repo.insert(tx, { id: uuidv7(), clientId, name: body.name, createdBy: userId }));
      await this.outbox.add(tx, adaptationEvents.itemCreated, clientId, { item });
      return item;
    });
  }

  /** §7 DELETE api/adaptation/items/{id}: its author or an admin. Errors: 404 not found (another client's too), 403 no access. */
  async itemRemove({ params }: RouteInput<typeof adaptationRoutes.itemRemove>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const row = await this.repo.find(tx, params.id);
      if (!row) throw Errors.notFound();
      if (!canRemoveItem(toItem(row), caller)) throw Errors.noAccess();
      await this.repo.delete(tx, row.id);
      await this.outbox.add(tx, adaptationEvents.itemDeleted, caller.clientId, { _id: row.id });
      return { _id: row.id };
    });
  }
}
