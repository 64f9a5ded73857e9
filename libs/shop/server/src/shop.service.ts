import { Inject, Injectable } from '@nestjs/common';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { requireCaller, type Bus, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { Config } from '@intranet/platform-config';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { fileSigner, type FileSigner, type Storage } from '@intranet/platform-storage';
import { SHOP_ERRORS, shopEvents, type shopRoutes } from '@intranet/shop-contract';
import { canBuy, canManage, ownClient, requireManager, shopError } from './access.ts';
import { autoOf, toAchievement, toItem, toSettings } from './mapping.ts';
import { checkPictures } from './pictures.ts';
import { ShopRepository } from './shop.repository.ts';

/**
 * The shop's catalogue use cases (§7 Shop): settings, achievements and items. Input is validated by the contract;
 * each change is one tenant transaction with its event written to the outbox in it. Money lives in LedgerService.
 */
@Injectable()
export class ShopService {
  private readonly people: PeopleClient;
  private readonly sign: FileSigner;

  constructor(
    private readonly repo: ShopRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.config) config: Config,
    @Inject(PORTS.bus) bus: Bus,
  ) {
    this.people = peopleClient(bus);
    this.sign = fileSigner(config.JWT_SECRET);
  }

  /** The managers of the caller's shop (inside the caller's transaction). */
  async managers(tx: Tx): Promise<string[]> {
    return (await this.repo.settings(tx))?.managers ?? [];
  }

  /** Errors: 403 unless the caller manages the shop (admin or shop manager). */
  async requireManager(tx: Tx, caller: Caller): Promise<void> {
    requireManager(caller, await this.managers(tx));
  }

  /** §7 GET api/shop/byClient/{client} → settings with canManage/canBuy. Errors: 404 another client. */
  async settingsGet({ params }: RouteInput<typeof shopRoutes.settingsGet>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client, caller);
    const row = await this.db.inTenant(ctx, (tx) => this.repo.settings(tx));
    return toSettings(caller.clientId, row, { canManage: canManage(caller, row?.managers ?? []), canBuy: canBuy(caller) }, this.sign);
  }

  /**
   * §7 PUT api/shop (admin): the whole settings. Errors: 400 'Invalid id' for managers not of the client; 400
   * shopPictureSize for a picture not 200x360; 400 shopTimeZoneInvalid (contract).
   */
  async settingsUpdate({ body }: RouteInput<typeof shopRoutes.settingsUpdate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const managers = [...new Set(body.managers)];
    const found = await this.people.usersByIds(caller.clientId, managers);
    const bad = managers.flatMap((id, i) => (found.has(id) ? [] : [`managers.${i}`]));
    if (bad.length) throw Errors.unknownIds(bad);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.repo.settings(tx);
      if (body.pic) await checkPictures(this.storage, caller.clientId, [body.pic], 'pic', cur?.pic ? [cur.pic] : []);
      const row = await this.repo.saveSettings(tx, {
        clientId: caller.clientId,
        id: cur?.id ?? uuidv7(),
        name: body.name,
        coinName: body.coin_name,
        coinShort: body.coin_short,
        icon: body.icon,
        description: body.description,
        pic: body.pic,
        managers,
        auto: body.auto ?? autoOf(cur?.auto),
        yearsPeriod: body.years_period,
        timeZone: body.time_zone,
      });
      await this.outbox.add(tx, shopEvents.settingsChanged, caller.clientId, { by: caller.userId });
      return toSettings(caller.clientId, row, { canManage: true, canBuy: canBuy(caller) }, this.sign);
    });
  }

  /** §7 GET api/shop/{client}/achievements. */
  async achievementList({ params }: RouteInput<typeof shopRoutes.achievementList>, ctx: RequestContext) {
    ownClient(params.client, requireCaller(ctx));
    return (await this.db.inTenant(ctx, (tx) => this.repo.achievementList(tx))).map(toAchievement);
  }

  /** §7 POST api/shop/{client}/achievements (manager). */
  async achievementCreate({ params, body }: RouteInput<typeof shopRoutes.achievementCreate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client, caller);
    return this.db.inTenant(ctx, async (tx) => {
      await this.requireManager(tx, caller);
      return toAchievement(await this.repo.achievementInsert(tx, { id: uuidv7(), clientId: caller.clientId, ...body }));
    });
  }

  /** §7 PUT api/shop/{client}/achievements { _id, ... } (manager). Errors: 404 unknown achievement. */
  async achievementUpdate({ params, body }: RouteInput<typeof shopRoutes.achievementUpdate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client, caller);
    const { _id, ...patch } = body;
    return this.db.inTenant(ctx, async (tx) => {
      await this.requireManager(tx, caller);
      const row = await this.repo.achievementUpdate(tx, _id, patch);
      if (!row) throw Errors.notFound();
      return toAchievement(row);
    });
  }

  /** §7 DELETE api/shop/achievements/{id} (manager). Errors: 404; 409 shopAchievementInUse when accruals name it. */
  async achievementDelete({ params }: RouteInput<typeof shopRoutes.achievementDelete>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      if (!(await this.repo.achievement(tx, params.id))) throw Errors.notFound();
      await this.requireManager(tx, caller);
      if (await this.repo.achievementUsed(tx, params.id)) throw shopError(SHOP_ERRORS.shopAchievementInUse);
      await this.repo.achievementDelete(tx, params.id);
      return { _id: params.id };
    });
  }

  /** §7 GET api/shop/{client_id}/shop_items?sort&order. */
  async itemList({ params, query }: RouteInput<typeof shopRoutes.itemList>, ctx: RequestContext) {
    ownClient(params.client_id, requireCaller(ctx));
    return (await this.db.inTenant(ctx, (tx) => this.repo.itemList(tx, query.sort, query.order))).map((r) => toItem(r, this.sign));
  }

  /**
   * §7 POST api/shop/{client_id}/shop_items (manager): rest = amount = start amount (null: unlimited). Errors: 400
   * shopPictureSize for a picture not 200x360 (§9); 400 on `pics` for a key that is not an upload of the client.
   */
  async itemCreate({ params, body }: RouteInput<typeof shopRoutes.itemCreate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client_id, caller);
    return this.db.inTenant(ctx, async (tx) => {
      await this.requireManager(tx, caller);
      await checkPictures(this.storage, caller.clientId, body.pics, 'pics');
      const n = body.start_amount;
      const row = await this.repo.itemInsert(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        name: body.name,
        description: body.description,
        cost: body.cost,
        startAmount: n,
        amount: n,
        rest: n,
        pics: body.pics,
        createdBy: caller.userId,
      });
      const item = toItem(row, this.sign);
      await this.outbox.add(tx, shopEvents.itemChanged, caller.clientId, { _id: item._id, item, action: 'created' });
      return item;
    });
  }

  /**
   * §7 PUT api/shop/{client_id}/shop_items { _id, ... } (manager). A new start amount moves amount and rest by the
   * difference. Errors: 404; 400 shopRestInvalid when the rest would go below 0 (more already sold).
   */
  async itemUpdate({ params, body }: RouteInput<typeof shopRoutes.itemUpdate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client_id, caller);
    const { _id, start_amount, ...patch } = body;
    return this.db.inTenant(ctx, async (tx) => {
      await this.requireManager(tx, caller);
      const cur = await this.repo.item(tx, _id, true);
      if (!cur) throw Errors.notFound();
      if (patch.pics) await checkPictures(this.storage, caller.clientId, patch.pics, 'pics', cur.pics);
      const stock: { startAmount?: number | null; amount?: number | null; rest?: number | null } = {};
      if (start_amount !== undefined && start_amount !== cur.startAmount) {
        if (start_amount === null) Object.assign(stock, { startAmount: null, amount: null, rest: null });
        else {
          const diff = start_amount - (cur.startAmount ?? cur.sold);
          const rest = cur.rest === null ? start_amount - cur.sold : cur.rest + diff;
          if (rest < 0) throw Errors.fieldCoded('start_amount', SHOP_ERRORS.shopRestInvalid, { max: 1_000_000 });
          Object.assign(stock, { startAmount: start_amount, amount: (cur.amount ?? cur.sold) + diff, rest });
        }
      }
      const item = toItem((await this.repo.itemUpdate(tx, _id, { ...patch, ...stock }))!, this.sign);
      await this.outbox.add(tx, shopEvents.itemChanged, caller.clientId, { _id, item, action: 'updated' });
      return item;
    });
  }

  /** §7 GET api/shop/item_rest/{id} → { _id, rest, sold }. Errors: 404. */
  async itemRest({ params }: RouteInput<typeof shopRoutes.itemRest>, ctx: RequestContext) {
    requireCaller(ctx);
    const row = await this.db.inTenant(ctx, (tx) => this.repo.item(tx, params.id));
    if (!row) throw Errors.notFound();
    return { _id: row.id, rest: row.rest, sold: row.sold };
  }

  /** §7 DELETE api/shop/shop_items/{id} (manager). Errors: 404; 409 shopItemHasSales (§5). */
  async itemDelete({ params }: RouteInput<typeof shopRoutes.itemDelete>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const row = await this.repo.item(tx, params.id, true);
      if (!row) throw Errors.notFound();
      await this.requireManager(tx, caller);
      if (row.sold > 0) throw shopError(SHOP_ERRORS.shopItemHasSales);
      await this.repo.itemDelete(tx, row.id);
      await this.outbox.add(tx, shopEvents.itemChanged, caller.clientId, { _id: row.id, item: null, action: 'deleted' });
      return { _id: row.id };
    });
  }

  /** §7 POST api/shop/shop_items/{id}/add/{amount} (manager): raises amount and rest. Errors: 404. */
  async itemAdd({ params }: RouteInput<typeof shopRoutes.itemAdd>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      if (!(await this.repo.item(tx, params.id))) throw Errors.notFound();
      await this.requireManager(tx, caller);
      const item = toItem((await this.repo.itemAdd(tx, params.id, params.amount))!, this.sign);
      await this.outbox.add(tx, shopEvents.itemChanged, caller.clientId, { _id: item._id, item, action: 'stocked' });
      return item;
    });
  }
}
