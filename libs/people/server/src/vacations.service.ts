import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS } from '@intranet/people-contract';
import { VACATION_TEXT, vacationEvents, type structureRoutes, type Vacation } from '@intranet/people-contract/structure';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { assertMayApprove, assertMayDeleteVacation, assertMayMoveVacation, canEditVacations, structureClient } from './access.ts';
import { ChiefsService } from './chiefs.service.ts';
import { toVacation } from './mapping.ts';
import type { VacationRow } from './schema.ts';
import { VacationsRepository } from './vacations.repository.ts';

/** Most employees one timeline answer carries. */
export const VACATION_LIST_MAX = 500;

const DAY_MS = 86_400_000;
/** Today as YYYY-MM-DD (UTC), the §5 "later than now" boundary: a vacation starts tomorrow at the earliest. */
export const today = (): string => new Date().toISOString().slice(0, 10);
/** Calendar days from `start` to `end` (YYYY-MM-DD), both included (§5: the remainder counts calendar days). */
export const calendarDays = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * §5 Vacation dates checked without the database: start later than `now` (YYYY-MM-DD), end not before start, at most
 * `available` calendar days. Output: the vacation's calendar days. Errors: field `start` 'The vacation must start later
 * than today', field `end` 'The vacation cannot end before it starts', 400 'Not enough vacation days: N left'.
 */
export function checkVacationDates(start: string, end: string, available: number, now = today()): number {
  if (start <= now) throw Errors.fieldCoded('start', PEOPLE_ERRORS.vacationPast);
  if (end < start) throw Errors.fieldCoded('end', PEOPLE_ERRORS.vacationEndBeforeStart);
  const days = calendarDays(start, end);
  if (days > available) throw Errors.badRequest(VACATION_TEXT.balance(available));
  return days;
}

type In<K extends keyof typeof structureRoutes> = RouteInput<(typeof structureRoutes)[K]>;

/**
 * Vacations (§7 Users vacations, §5 Vacation, §6 vacations / vacations_edit, §4 Vacation added or deleted): an
 * employee plans their own; their direct chief approves (planned = false) or deletes them; a manager with
 * vacations_edit plans, changes, approves and deletes anyone's; nobody approves their own (access.ts).
 * The remainder is decremented and restored in the change's transaction.
 */
@Injectable()
export class VacationsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly vacations: VacationsRepository,
    private readonly chiefs: ChiefsService,
  ) {}

  /**
   * §7 GET api/user/vacations?dept&search → { users, approvable }: active employees (of department `dept` and its
   * subtree; whose name or position contains every word of `search`), by name, at most VACATION_LIST_MAX, each with
   * their remainder and vacations ending a year ago or later; `approvable`: whose the caller may approve. Errors: 404
   * unknown department.
   */
  async vacationList({ query }: In<'vacationList'>, ctx: RequestContext) {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      let dept: Awaited<ReturnType<VacationsRepository['department']>>;
      if (query.dept) {
        dept = await this.vacations.department(tx, query.dept);
        if (!dept) throw Errors.notFound();
      }
      const words = (query.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
      const people = await this.vacations.people(tx, clientId, { dept, words, limit: VACATION_LIST_MAX });
      const ids = people.map((p) => p.id);
      const since = new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 10);
      const byUser = new Map<string, Vacation[]>();
      for (const v of await this.vacations.ofUsers(tx, ids, since)) byUser.set(v.userId, [...(byUser.get(v.userId) ?? []), toVacation(v)]);
      return {
        approvable: await this.chiefs.approvableIds(tx, ctx, ids),
        users: people.map((p) => ({
          _id: p.id,
          fullName: [p.firstName, p.lastName].filter(Boolean).join(' '),
          avatar: p.avatar,
          position: p.position,
          vacationDays: p.vacationDays,
          vacations: byUser.get(p.id) ?? [],
        })),
      };
    });
  }

  /**
   * §7 POST api/user/vacation {user?, start, end, planned?}: a vacation of the caller (of `user` with
   * vacations_edit); planned unless an approver of `user` (not the caller) sets planned = false. Takes its calendar
   * days from the remainder and writes evt.people.vacation.added, all in one transaction. Errors: §5 (checkVacation),
   * 403, 404.
   */
  async vacationCreate({ body }: In<'vacationCreate'>, ctx: RequestContext): Promise<Vacation> {
    const clientId = structureClient(ctx);
    const userId = body.user ?? ctx.userId;
    if (!userId) throw Errors.forbidden();
    if (userId !== ctx.userId && !canEditVacations(ctx)) throw Errors.noAccess();
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      if (body.planned === false) assertMayApprove(await this.chiefs.vacationRights(tx, ctx, userId));
      const available = await this.lockRemainder(tx, userId);
      const days = await this.checkVacation(tx, userId, body.start, body.end, available);
      const row = await this.vacations.insert(tx, {
        id: uuidv7(),
        clientId,
        userId,
        start: body.start,
        end: body.end,
        days,
        planned: body.planned ?? true,
        createdBy: ctx.userId,
      });
      await this.vacations.setRemainder(tx, userId, available - days);
      const v = toVacation(row);
      await this.outbox.add(tx, vacationEvents.vacationAdded, clientId, { ...v, by: ctx.userId ?? null });
      return v;
    });
  }

  /**
   * §7 PUT api/user/vacation/{id} {start?, end?, planned?}: new dates (checked as a new request against the
   * remainder plus this vacation's days) by its employee while it has not started, or by vacations_edit; approval
   * (planned) by vacations_edit or the employee's direct chief, never by the employee. Errors: §5, 400 'A vacation
   * that has started cannot be changed', 403 'You cannot approve your own vacation', 403, 404.
   */
  async vacationUpdate({ params, body }: In<'vacationUpdate'>, ctx: RequestContext): Promise<Vacation> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const cur = await this.vacations.byId(tx, params.id);
      if (!cur) throw Errors.notFound();
      const rights = await this.chiefs.vacationRights(tx, ctx, cur.userId);
      if (!rights.own && !rights.approver) throw Errors.noAccess();
      if (body.planned !== undefined && body.planned !== cur.planned) assertMayApprove(rights);
      const start = body.start ?? cur.start;
      const end = body.end ?? cur.end;
      const patch: Partial<VacationRow> = { updatedAt: new Date() };
      if (start !== cur.start || end !== cur.end) {
        assertMayMoveVacation(rights, cur.start <= today());
        const available = (await this.lockRemainder(tx, cur.userId)) + cur.days;
        const days = await this.checkVacation(tx, cur.userId, start, end, available, cur.id);
        await this.vacations.setRemainder(tx, cur.userId, available - days);
        Object.assign(patch, { start, end, days });
      }
      if (body.planned !== undefined) patch.planned = body.planned;
      const v = toVacation(await this.vacations.update(tx, cur.id, patch));
      await this.outbox.add(tx, vacationEvents.vacationUpdated, clientId, { ...v, by: ctx.userId ?? null });
      return v;
    });
  }

  /**
   * §7 DELETE api/user/vacation/{user}/{id}: deletes it (its employee while it has not started; vacations_edit or
   * the employee's direct chief), returns its days to the remainder and writes evt.people.vacation.deleted, in one
   * transaction. Errors: 400 'A vacation that has started cannot be changed', 403, 404 (also when `user` is not its
   * employee).
   */
  async vacationDelete({ params }: In<'vacationDelete'>, ctx: RequestContext): Promise<Vacation> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const cur = await this.vacations.byId(tx, params.id, params.user);
      if (!cur) throw Errors.notFound();
      assertMayDeleteVacation(await this.chiefs.vacationRights(tx, ctx, cur.userId), cur.start <= today());
      // A deleted employee's vacation may still be removed by a manager; nothing to restore then.
      const available = await this.vacations.lockRemainder(tx, cur.userId);
      await this.vacations.delete(tx, cur.id);
      if (available !== undefined) await this.vacations.setRemainder(tx, cur.userId, available + cur.days);
      const v = toVacation(cur);
      await this.outbox.add(tx, vacationEvents.vacationDeleted, clientId, { ...v, by: ctx.userId ?? null });
      return v;
    });
  }

  /** The employee's remainder, locked until the transaction ends (requests of one employee run one at a time). Errors: 404. */
  private async lockRemainder(tx: Tx, userId: string): Promise<number> {
    const days = await this.vacations.lockRemainder(tx, userId);
    if (days === undefined) throw Errors.notFound();
    return days;
  }

  /**
   * §5 Vacation checks for `start`..`end` of `userId` with `available` days: checkVacationDates, and no overlap with
   * the employee's other vacations (`except`: the one being changed). Errors: checkVacationDates's, 400 'The vacation
   * overlaps another vacation of this employee'.
   */
  private async checkVacation(tx: Tx, userId: string, start: string, end: string, available: number, except?: string): Promise<number> {
    if (start <= today()) throw Errors.fieldCoded('start', PEOPLE_ERRORS.vacationPast);
    if (end < start) throw Errors.fieldCoded('end', PEOPLE_ERRORS.vacationEndBeforeStart);
    if (await this.vacations.overlaps(tx, userId, start, end, except)) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.vacationOverlap);
    return checkVacationDates(start, end, available);
  }
}
