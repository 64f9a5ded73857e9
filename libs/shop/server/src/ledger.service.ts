import { Inject, Injectable } from '@nestjs/common';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { requireCaller, type Bus, type RequestContext } from '@intranet/platform-bus';
import { safeCell, type RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { SHOP_ERRORS, shopEvents, type shopRoutes } from '@intranet/shop-contract';
import { canBuy, canSeeBalance, ownClient, requireManager, shopError } from './access.ts';
import { toEntry } from './mapping.ts';
import { ShopRepository } from './shop.repository.ts';

/** One accrual to write: manual (`achievementId`, `by`) or automatic (`cause`, the unique cause key). */
export interface AccrualInput {
  clientId: string;
  userId: string;
  amount: number;
  kind: 'accrual' | 'auto';
  achievementId?: string | null;
  achievementName?: string | null;
  cause?: string | null;
  comment?: string;
  publish?: boolean;
  by?: string | null;
}

/**
 * The money of the shop (§4 Shop, §5): accruals, cancellations, purchases, balances, nullify, statistics. Every
 * movement is a ledger entry written with its balance change in one transaction; balances and rests change only by
 * conditional updates, so neither goes below 0 under any concurrency.
 */
@Injectable()
export class LedgerService {
  private readonly people: PeopleClient;

  constructor(
    private readonly repo: ShopRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.bus) bus: Bus,
  ) {
    this.people = peopleClient(bus);
  }

  /**
   * Writes an accrual in `tx`: the entry and the balance, and evt.shop.accrual.made. Output: the entry, or null when
   * its cause was already accrued (a redelivered event, a second replica).
   */
  async accrueIn(tx: Tx, a: AccrualInput) {
    const saved = await this.repo.entryInsert(tx, {
      id: uuidv7(),
      clientId: a.clientId,
      userId: a.userId,
      kind: a.kind,
      amount: a.amount,
      achievementId: a.achievementId ?? null,
      itemId: null,
      refId: null,
      cause: a.cause ?? null,
      comment: a.comment ?? '',
      publish: a.publish ?? false,
      by: a.by ?? null,
    });
    if (!saved) return null;
    const balance = await this.repo.credit(tx, a.clientId, a.userId, a.amount);
    const achievement = a.achievementId ? { _id: a.achievementId, name: a.achievementName ?? '' } : null;
    await this.outbox.add(tx, shopEvents.accrued, a.clientId, {
      _id: saved.id,
      userId: a.userId,
      amount: a.amount,
      balance,
      kind: a.kind,
      cause: saved.cause,
      achievement,
      comment: saved.comment,
      publish: saved.publish,
      by: saved.by,
      userIds: [a.userId],
    });
    return { ...toEntry(saved), achievement };
  }

  /** §7 POST api/shop/accrue (manager). Errors: 403; 400 'Invalid id' for a recipient or achievement not of the client. */
  async accrualCreate({ body }: RouteInput<typeof shopRoutes.accrualCreate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const recipient = body.recipient!;
    // Asked before the transaction: embedded, people shares the one PGlite connection.
    const user = (await this.people.usersByIds(caller.clientId, [recipient])).get(recipient);
    return this.db.inTenant(ctx, async (tx) => {
      requireManager(caller, (await this.repo.settings(tx))?.managers ?? []);
      const ach = await this.repo.achievement(tx, body.achievement!);
      const bad = [...(user ? [] : ['recipient']), ...(ach ? [] : ['achievement'])];
      if (bad.length) throw Errors.unknownIds(bad);
      const entry = await this.accrueIn(tx, {
        clientId: caller.clientId,
        userId: recipient,
        amount: body.amount,
        kind: 'accrual',
        achievementId: ach!.id,
        achievementName: ach!.name,
        comment: body.comment,
        publish: body.publish,
        by: caller.userId,
      });
      return entry!;
    });
  }

  /**
   * §7 DELETE api/shop/accrue/{id} (manager): a reversing `cancel` entry. Errors: 404 (not an accrual of the client);
   * 409 shopAccrualCancelled; 409 shopCoinsSpent when the balance no longer holds the coins (nothing changes).
   */
  async accrualCancel({ params }: RouteInput<typeof shopRoutes.accrualCancel>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const e = await this.repo.entry(tx, params.id);
      if (!e || (e.kind !== 'accrual' && e.kind !== 'auto')) throw Errors.notFound();
      requireManager(caller, (await this.repo.settings(tx))?.managers ?? []);
      if (e.cancelled) throw shopError(SHOP_ERRORS.shopAccrualCancelled);
      const balance = await this.repo.debit(tx, e.userId, e.amount, 0);
      if (balance === null) throw shopError(SHOP_ERRORS.shopCoinsSpent);
      await this.repo.markCancelled(tx, e.id);
      const rev = (await this.repo.entryInsert(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        userId: e.userId,
        kind: 'cancel',
        amount: -e.amount,
        achievementId: e.achievementId,
        itemId: null,
        refId: e.id,
        cause: null,
        comment: '',
        by: caller.userId,
      }))!;
      await this.outbox.add(tx, shopEvents.cancelled, caller.clientId, {
        _id: rev.id,
        accrualId: e.id,
        userId: e.userId,
        amount: e.amount,
        balance,
        userIds: [e.userId],
      });
      return toEntry({ ...rev, achievementName: e.achievementName, itemName: null });
    });
  }

  /**
   * §7 POST api/shop/buy { item }: one unit off the rest and its cost off the balance, both or neither. Errors: 403
   * shopSuperadminCannotBuy; 404 unknown item; 409 shopOutOfStock; 409 shopNotEnoughCoins.
   */
  async purchaseCreate({ body }: RouteInput<typeof shopRoutes.purchaseCreate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (!canBuy(caller)) throw shopError(SHOP_ERRORS.shopSuperadminCannotBuy);
    // A limited item's row is every buyer's (its rest and sold count): it is taken last, so its lock is held only for
    // the take, the event and the commit; the buyer's own balance row is taken first. A refusal after either rolls back both.
    return this.db.inTenant(ctx, async (tx) => {
      const seen = await this.repo.item(tx, body.item);
      if (!seen) throw Errors.unknownIds(['item']);
      if (seen.rest !== null && seen.rest <= 0) throw shopError(SHOP_ERRORS.shopOutOfStock);
      const balance = await this.repo.debit(tx, caller.userId, seen.cost);
      if (balance === null) throw shopError(SHOP_ERRORS.shopNotEnoughCoins);
      const saved = (await this.repo.entryInsert(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        userId: caller.userId,
        kind: 'purchase',
        amount: -seen.cost,
        achievementId: null,
        itemId: seen.id,
        refId: null,
        cause: null,
        comment: '',
        by: caller.userId,
      }))!;
      const managers = (await this.repo.settings(tx))?.managers ?? [];
      // The buyer pays the price read above, in this transaction (a manager's edit committed meanwhile counts as after the buy).
      // An unlimited item's sale goes to a slot counter (no wait on its row); limited stock takes the row's rest.
      const item =
        seen.rest === null && (await this.repo.countSale(tx, caller.clientId, seen.id))
          ? { id: seen.id, name: seen.name, rest: null }
          : await this.repo.takeOne(tx, seen.id);
      if (!item) {
        if (!(await this.repo.item(tx, seen.id))) throw Errors.unknownIds(['item']);
        throw shopError(SHOP_ERRORS.shopOutOfStock);
      }
      await this.outbox.add(tx, shopEvents.purchased, caller.clientId, {
        _id: saved.id,
        userId: caller.userId,
        item: { _id: item.id, name: item.name },
        cost: seen.cost,
        balance,
        rest: item.rest,
        managerIds: managers,
        userIds: [...new Set([caller.userId, ...managers])],
      });
      return { entry: toEntry({ ...saved, achievementName: null, itemName: item.name }), balance, rest: item.rest };
    });
  }

  /** §7 GET api/shop/balance/{id}?page&limit: amount, achievements, paged history. Errors: 403 someone else's unless a manager. */
  async balanceGet({ params, query }: RouteInput<typeof shopRoutes.balanceGet>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const w = pageWindow(query.page, query.limit, 100);
    const out = await this.db.inTenant(ctx, async (tx) => {
      if (!canSeeBalance(caller, (await this.repo.settings(tx))?.managers ?? [], params.id)) throw Errors.noAccess();
      const amount = await this.repo.balance(tx, params.id);
      const { rows, total } = await this.repo.history(tx, params.id, w.offset, w.limit);
      return { user_id: params.id, amount, ach: await this.repo.achCounts(tx, params.id), history: rows.map(toEntry), total };
    });
    // No entry: the id must still be a user of the client (another client's is 404), asked outside the transaction.
    if (!out.total && params.id !== caller.userId && !(await this.people.usersByIds(caller.clientId, [params.id])).size) throw Errors.notFound();
    return out;
  }

  /** §7 GET api/shop/balances/{client}?page&limit (manager): balances, highest first. */
  async balanceList({ params, query }: RouteInput<typeof shopRoutes.balanceList>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client, caller);
    const w = pageWindow(query.page, query.limit, 500);
    return this.db.inTenant(ctx, async (tx) => {
      requireManager(caller, (await this.repo.settings(tx))?.managers ?? []);
      const { rows, total } = await this.repo.balances(tx, w.offset, w.limit);
      return { balances: rows.map((r) => ({ user_id: r.user_id, amount: Number(r.amount), earned: Number(r.earned), spent: Number(r.spent) })), total };
    });
  }

  /** §7 POST api/shop/balances/nullify/{client} (admin): every balance to 0 in one transaction, an entry each. */
  async balanceNullify({ params }: RouteInput<typeof shopRoutes.balanceNullify>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    ownClient(params.client, caller);
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.repo.nullify(tx, caller.clientId, caller.userId);
      await this.outbox.add(tx, shopEvents.nullified, caller.clientId, { count: r.count, coins: r.coins, by: caller.userId });
      return { nullified: r.count };
    });
  }

  /** §7 POST api/shop/stats { dateFrom?, dateTo? } (manager; default the last 30 days, dateTo inclusive). */
  async statsGet({ body }: Pick<RouteInput<typeof shopRoutes.statsGet>, 'body'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const { from, to } = period(body);
    return this.db.inTenant(ctx, async (tx) => {
      requireManager(caller, (await this.repo.settings(tx))?.managers ?? []);
      const s = await this.repo.stats(tx, from, to);
      return {
        ...s.totals,
        days: s.days,
        topItems: s.topItems,
        sales: s.sales.map((x) => ({ ...x, created: new Date(x.created).toISOString() })),
      };
    });
  }

  /** The statistics and balances as an .xlsx (base64); every text cell through safeCell. Errors: 500 shopExcelError. */
  async statsExcel(input: RouteInput<typeof shopRoutes.statsExcel>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const stats = await this.statsGet(input, ctx);
    const balances = await this.db.inTenant(ctx, (tx) => this.repo.balances(tx, 0, 100_000));
    try {
      const users = new Map<string, string>();
      const ids = [...new Set([...balances.rows.map((r) => r.user_id), ...stats.sales.map((s) => s.user_id)])];
      for (let i = 0; i < ids.length; i += 1000)
        for (const [id, u] of await this.people.usersByIds(caller.clientId, ids.slice(i, i + 1000))) users.set(id, u.fullName);
      // Loaded on the first export: exceljs is ~250 ms of every start otherwise (issue 30).
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      const sum = wb.addWorksheet('Summary');
      sum.addRows([
        ['Accrued', stats.accrued],
        ['Spent', stats.spent],
        ['Accruals', stats.accruals],
        ['Purchases', stats.purchases],
      ]);
      const days = wb.addWorksheet('Days');
      days.addRow(['Day', 'Accrued', 'Spent']);
      for (const d of stats.days) days.addRow([d.day, d.accrued, d.spent]);
      const top = wb.addWorksheet('Top items');
      top.addRow(['Item', 'Sold', 'Coins']);
      for (const t of stats.topItems) top.addRow([safeCell(t.name), t.count, t.coins]);
      const sales = wb.addWorksheet('Sales');
      sales.addRow(['Date', 'Employee', 'Item', 'Cost']);
      for (const s of stats.sales) sales.addRow([s.created, safeCell(users.get(s.user_id) ?? s.user_id), safeCell(s.item), s.cost]);
      const bal = wb.addWorksheet('Balances');
      bal.addRow(['Employee', 'Balance', 'Earned', 'Spent']);
      for (const r of balances.rows) bal.addRow([safeCell(users.get(r.user_id) ?? r.user_id), Number(r.amount), Number(r.earned), Number(r.spent)]);
      const buf = Buffer.from(await wb.xlsx.writeBuffer());
      return { fileName: `shop-${new Date().toISOString().slice(0, 10)}.xlsx`, base64: buf.toString('base64') };
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw Errors.coded(SHOP_ERRORS.shopExcelError);
    }
  }
}

/** The statistics period [from, to) as ISO instants: dateTo is inclusive (its next day excluded); default 30 days. */
export function period(b: { dateFrom?: string; dateTo?: string }, now = new Date()): { from: string; to: string } {
  const to = b.dateTo ? new Date(`${b.dateTo}T00:00:00Z`) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  to.setUTCDate(to.getUTCDate() + 1);
  const from = b.dateFrom ? new Date(`${b.dateFrom}T00:00:00Z`) : new Date(to.getTime() - 31 * 86400_000);
  return { from: from.toISOString(), to: to.toISOString() };
}
