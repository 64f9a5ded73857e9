import { Controller } from '@nestjs/common';
import { shopRoutes } from '@intranet/shop-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { LedgerService } from './ledger.service.ts';
import { ShopService } from './shop.service.ts';

/**
 * The §7 Shop routes: one method per route of `shopRoutes`, named as its key and bound to its bus subject by
 * `@RouteHandler`. Catalogue routes go to ShopService, money routes to LedgerService; each method only delegates.
 */
@Controller()
export class ShopController implements RouteHandlers<typeof shopRoutes> {
  constructor(
    private readonly svc: ShopService,
    private readonly ledger: LedgerService,
  ) {}

  /** shop.settings.get — GET api/shop/byClient/{client}. */
  @RouteHandler(shopRoutes.settingsGet)
  settingsGet(input: RouteInput<typeof shopRoutes.settingsGet>, ctx: RequestContext) {
    return this.svc.settingsGet(input, ctx);
  }

  /** shop.settings.update — PUT api/shop. */
  @RouteHandler(shopRoutes.settingsUpdate)
  settingsUpdate(input: RouteInput<typeof shopRoutes.settingsUpdate>, ctx: RequestContext) {
    return this.svc.settingsUpdate(input, ctx);
  }

  /** shop.achievement.list — GET api/shop/{client}/achievements. */
  @RouteHandler(shopRoutes.achievementList)
  achievementList(input: RouteInput<typeof shopRoutes.achievementList>, ctx: RequestContext) {
    return this.svc.achievementList(input, ctx);
  }

  /** shop.achievement.create — POST api/shop/{client}/achievements. */
  @RouteHandler(shopRoutes.achievementCreate)
  achievementCreate(input: RouteInput<typeof shopRoutes.achievementCreate>, ctx: RequestContext) {
    return this.svc.achievementCreate(input, ctx);
  }

  /** shop.achievement.update — PUT api/shop/{client}/achievements. */
  @RouteHandler(shopRoutes.achievementUpdate)
  achievementUpdate(input: RouteInput<typeof shopRoutes.achievementUpdate>, ctx: RequestContext) {
    return this.svc.achievementUpdate(input, ctx);
  }

  /** shop.achievement.delete — DELETE api/shop/achievements/{id}. */
  @RouteHandler(shopRoutes.achievementDelete)
  achievementDelete(input: RouteInput<typeof shopRoutes.achievementDelete>, ctx: RequestContext) {
    return this.svc.achievementDelete(input, ctx);
  }

  /** shop.item.list — GET api/shop/{client_id}/shop_items. */
  @RouteHandler(shopRoutes.itemList)
  itemList(input: RouteInput<typeof shopRoutes.itemList>, ctx: RequestContext) {
    return this.svc.itemList(input, ctx);
  }

  /** shop.item.create — POST api/shop/{client_id}/shop_items. */
  @RouteHandler(shopRoutes.itemCreate)
  itemCreate(input: RouteInput<typeof shopRoutes.itemCreate>, ctx: RequestContext) {
    return this.svc.itemCreate(input, ctx);
  }

  /** shop.item.update — PUT api/shop/{client_id}/shop_items. */
  @RouteHandler(shopRoutes.itemUpdate)
  itemUpdate(input: RouteInput<typeof shopRoutes.itemUpdate>, ctx: RequestContext) {
    return this.svc.itemUpdate(input, ctx);
  }

  /** shop.item.rest — GET api/shop/item_rest/{id}. */
  @RouteHandler(shopRoutes.itemRest)
  itemRest(input: RouteInput<typeof shopRoutes.itemRest>, ctx: RequestContext) {
    return this.svc.itemRest(input, ctx);
  }

  /** shop.item.delete — DELETE api/shop/shop_items/{id}. */
  @RouteHandler(shopRoutes.itemDelete)
  itemDelete(input: RouteInput<typeof shopRoutes.itemDelete>, ctx: RequestContext) {
    return this.svc.itemDelete(input, ctx);
  }

  /** shop.item.add — POST api/shop/shop_items/{id}/add/{amount}. */
  @RouteHandler(shopRoutes.itemAdd)
  itemAdd(input: RouteInput<typeof shopRoutes.itemAdd>, ctx: RequestContext) {
    return this.svc.itemAdd(input, ctx);
  }

  /** shop.accrual.create — POST api/shop/accrue. */
  @RouteHandler(shopRoutes.accrualCreate)
  accrualCreate(input: RouteInput<typeof shopRoutes.accrualCreate>, ctx: RequestContext) {
    return this.ledger.accrualCreate(input, ctx);
  }

  /** shop.accrual.cancel — DELETE api/shop/accrue/{id}. */
  @RouteHandler(shopRoutes.accrualCancel)
  accrualCancel(input: RouteInput<typeof shopRoutes.accrualCancel>, ctx: RequestContext) {
    return this.ledger.accrualCancel(input, ctx);
  }

  /** shop.purchase.create — POST api/shop/buy. */
  @RouteHandler(shopRoutes.purchaseCreate)
  purchaseCreate(input: RouteInput<typeof shopRoutes.purchaseCreate>, ctx: RequestContext) {
    return this.ledger.purchaseCreate(input, ctx);
  }

  /** shop.balance.get — GET api/shop/balance/{id}. */
  @RouteHandler(shopRoutes.balanceGet)
  balanceGet(input: RouteInput<typeof shopRoutes.balanceGet>, ctx: RequestContext) {
    return this.ledger.balanceGet(input, ctx);
  }

  /** shop.balance.list — GET api/shop/balances/{client}. */
  @RouteHandler(shopRoutes.balanceList)
  balanceList(input: RouteInput<typeof shopRoutes.balanceList>, ctx: RequestContext) {
    return this.ledger.balanceList(input, ctx);
  }

  /** shop.stats.get — POST api/shop/stats. */
  @RouteHandler(shopRoutes.statsGet)
  statsGet(input: RouteInput<typeof shopRoutes.statsGet>, ctx: RequestContext) {
    return this.ledger.statsGet(input, ctx);
  }

  /** shop.stats.excel — POST api/shop/stats/excel. */
  @RouteHandler(shopRoutes.statsExcel)
  statsExcel(input: RouteInput<typeof shopRoutes.statsExcel>, ctx: RequestContext) {
    return this.ledger.statsExcel(input, ctx);
  }

  /** shop.balance.nullify — POST api/shop/balances/nullify/{client}. */
  @RouteHandler(shopRoutes.balanceNullify)
  balanceNullify(input: RouteInput<typeof shopRoutes.balanceNullify>, ctx: RequestContext) {
    return this.ledger.balanceNullify(input, ctx);
  }
}
