import { VACATION_TEXT, type structureRoutes, type Vacation, vacationEvents } from '@intranet/people-contract/structure';
import type { RouteHandlers } from '@intranet/platform-bus';
import { sql, uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { structureClient } from './structure.ts';
import { approvableIds, assertMayApprove, canEditVacations, vacationRights } from './vacation-access.ts';
import { departments, deptUsers, users, vacations, type VacationRow } from './schema.ts';

type VacationRoutes = Pick<typeof structureRoutes, 'vacationList' | 'vacationCreate' | 'vacationUpdate' | 'vacationDelete'>;

/** Most employees one timeline answer carries. */
export const VACATION_LIST_MAX = 500;

const DAY_MS = 86_400_000;
/** Today as YYYY-MM-DD (UTC), the §5 "later than now" boundary: a vacation starts tomorrow at the earliest. */
export const today = () => new Date().toISOString().slice(0, 10);
/** Calendar days from `start` to `end`, both included (§5: the remainder counts calendar days). */
export const calendarDays = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

const toVacation = (r: VacationRow): Vacation => ({
  _id: r.id,
  user: r.userId,
  client_id: r.clientId,
  start: r.start,
  end: r.end,
  days: r.days,
  planned: r.planned,
});

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** The employee's remainder, locked until the transaction ends (requests of one employee run one at a time). 404 if unknown. */
async function lockRemainder(tx: Tx, userId: string): Promise<number> {
  const [u] = await tx
    .select({ days: users.vacationDays })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deletionMark, false)))
    .for('update');
  if (!u) throw Errors.notFound();
  return u.days;
}

/**
 * §5 Vacation checks for `start`..`end` of `userId` with `available` days: start later than today, no overlap with
 * the employee's other vacations (`except`: the one being changed), enough days. Errors: field `start` 'The vacation
 * must start later than today', field `end` 'The vacation cannot end before it starts', 400 'The vacation overlaps
 * another vacation of this employee', 400 'Not enough vacation days: N left'.
 */
async function checkVacation(tx: Tx, userId: string, start: string, end: string, available: number, except?: string): Promise<number> {
  if (start <= today()) throw Errors.field('start', VACATION_TEXT.past);
  if (end < start) throw Errors.field('end', VACATION_TEXT.endBeforeStart);
  const [clash] = await tx
    .select({ id: vacations.id })
    .from(vacations)
    .where(and(eq(vacations.userId, userId), lte(vacations.start, end), gte(vacations.end, start), except ? ne(vacations.id, except) : undefined))
    .limit(1);
  if (clash) throw Errors.badRequest(VACATION_TEXT.overlap);
  const days = calendarDays(start, end);
  if (days > available) throw Errors.badRequest(VACATION_TEXT.balance(available));
  return days;
}

/** Sets the employee's remainder (in the change's transaction). */
const setRemainder = (tx: Tx, userId: string, days: number) => tx.update(users).set({ vacationDays: days, updatedAt: new Date() }).where(eq(users.id, userId));

/**
 * Vacations (§7 Users vacations, §5 Vacation, §6 vacations / vacations_edit, §4 Vacation added or deleted): an
 * employee plans their own; their direct chief approves (planned = false) or deletes them; a manager with
 * vacations_edit plans, changes, approves and deletes anyone's; nobody approves their own (vacation-access.ts).
 * The remainder is decremented and restored in the change's transaction.
 */
export function vacationHandlers({ db, outbox }: DomainDeps): RouteHandlers<VacationRoutes> {
  return {
    /**
     * §7 GET api/user/vacations?dept&search → { users }: active employees (of department `dept` and its subtree;
     * whose name or position contains every word of `search`), by name, at most VACATION_LIST_MAX, each with their
     * remainder and vacations ending a year ago or later. Errors: 404 unknown department.
     */
    vacationList: async ({ query }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const conds = [eq(users.clientId, clientId), eq(users.deletionMark, false)];
        if (query.dept) {
          const [dept] = await tx.select({ path: departments.path, kind: departments.kind }).from(departments).where(eq(departments.id, query.dept));
          if (!dept) throw Errors.notFound();
          conds.push(
            inArray(
              users.id,
              tx
                .select({ id: deptUsers.userId })
                .from(deptUsers)
                .innerJoin(departments, eq(departments.id, deptUsers.deptId))
                .where(and(eq(departments.clientId, clientId), eq(departments.kind, dept.kind), sql`${departments.path} LIKE ${`${dept.path}%`}`)),
            ),
          );
        }
        for (const word of (query.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
          const p = `%${escapeLike(word)}%`;
          conds.push(
            sql`(lower(${users.firstName}) LIKE ${p} OR lower(${users.lastName}) LIKE ${p} OR lower(coalesce(${users.middleName}, '')) LIKE ${p} OR lower(coalesce(${users.position}, '')) LIKE ${p})`,
          );
        }
        const people = await tx
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            avatar: users.avatar,
            position: users.position,
            vacationDays: users.vacationDays,
          })
          .from(users)
          .where(and(...conds))
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(VACATION_LIST_MAX);
        const since = new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 10);
        const vacs = people.length
          ? await tx
              .select()
              .from(vacations)
              .where(
                and(
                  inArray(
                    vacations.userId,
                    people.map((p) => p.id),
                  ),
                  gte(vacations.end, since),
                ),
              )
              .orderBy(asc(vacations.start))
          : [];
        const byUser = new Map<string, Vacation[]>();
        for (const v of vacs) byUser.set(v.userId, [...(byUser.get(v.userId) ?? []), toVacation(v)]);
        return {
          approvable: await approvableIds(
            tx,
            ctx,
            people.map((p) => p.id),
          ),
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
    },

    /**
     * §7 POST api/user/vacation {user?, start, end, planned?}: a vacation of the caller (of `user` with
     * vacations_edit); planned unless an approver of `user` (not the caller) sets planned = false. Takes its calendar days from the remainder
     * and writes evt.people.vacation.added, all in one transaction. Errors: §5 (checkVacation), 403, 404.
     */
    vacationCreate: async ({ body }, ctx) => {
      const clientId = structureClient(ctx);
      const userId = body.user ?? ctx.userId;
      if (!userId) throw Errors.forbidden();
      if (userId !== ctx.userId && !canEditVacations(ctx)) throw Errors.noAccess();
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        if (body.planned === false) assertMayApprove(await vacationRights(tx, ctx, userId));
        const available = await lockRemainder(tx, userId);
        const days = await checkVacation(tx, userId, body.start, body.end, available);
        const [row] = await tx
          .insert(vacations)
          .values({ id: uuidv7(), clientId, userId, start: body.start, end: body.end, days, planned: body.planned ?? true, createdBy: ctx.userId })
          .returning();
        await setRemainder(tx, userId, available - days);
        const v = toVacation(row);
        await outbox.add(tx, vacationEvents.vacationAdded, clientId, { ...v, by: ctx.userId ?? null });
        return v;
      });
    },

    /**
     * §7 PUT api/user/vacation/{id} {start?, end?, planned?}: new dates (checked as a new request against the
     * remainder plus this vacation's days) by its employee while it has not started, or by vacations_edit; approval
     * (planned) by vacations_edit or the employee's direct chief, never by the employee. Errors: §5, 400 'A vacation
     * that has started cannot be changed', 403 'You cannot approve your own vacation', 403, 404.
     */
    vacationUpdate: async ({ params, body }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const [cur] = await tx.select().from(vacations).where(eq(vacations.id, params.id)).limit(1);
        if (!cur) throw Errors.notFound();
        const rights = await vacationRights(tx, ctx, cur.userId);
        if (!rights.own && !rights.approver) throw Errors.noAccess();
        if (body.planned !== undefined && body.planned !== cur.planned) assertMayApprove(rights);
        // New dates: its employee (while it has not started) or vacations_edit; a chief approves, not re-plans.
        const manager = rights.editor;
        const start = body.start ?? cur.start;
        const end = body.end ?? cur.end;
        const patch: Partial<VacationRow> = { updatedAt: new Date() };
        if (start !== cur.start || end !== cur.end) {
          if (!rights.own && !manager) throw Errors.noAccess();
          if (cur.start <= today() && !manager) throw Errors.badRequest(VACATION_TEXT.started);
          const available = (await lockRemainder(tx, cur.userId)) + cur.days;
          const days = await checkVacation(tx, cur.userId, start, end, available, cur.id);
          await setRemainder(tx, cur.userId, available - days);
          Object.assign(patch, { start, end, days });
        }
        if (body.planned !== undefined) patch.planned = body.planned;
        const [row] = await tx.update(vacations).set(patch).where(eq(vacations.id, cur.id)).returning();
        const v = toVacation(row);
        await outbox.add(tx, vacationEvents.vacationUpdated, clientId, { ...v, by: ctx.userId ?? null });
        return v;
      });
    },

    /**
     * §7 DELETE api/user/vacation/{user}/{id}: deletes it (its employee while it has not started; vacations_edit or
     * the employee's direct chief),
     * returns its days to the remainder and writes evt.people.vacation.deleted, in one transaction.
     * Errors: 400 'A vacation that has started cannot be changed', 403, 404 (also when `user` is not its employee).
     */
    vacationDelete: async ({ params }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const [cur] = await tx
          .select()
          .from(vacations)
          .where(and(eq(vacations.id, params.id), eq(vacations.userId, params.user)))
          .limit(1);
        if (!cur) throw Errors.notFound();
        const rights = await vacationRights(tx, ctx, cur.userId);
        if (!rights.own && !rights.approver) throw Errors.noAccess();
        const manager = rights.editor || rights.approver;
        if (cur.start <= today() && !manager) throw Errors.badRequest(VACATION_TEXT.started);
        const available = await lockRemainder(tx, cur.userId).catch((e: unknown) => {
          // A deleted employee's vacation may still be removed by a manager; nothing to restore then.
          if (e instanceof DomainError && e.kind === 'not_found') return null;
          throw e;
        });
        await tx.delete(vacations).where(eq(vacations.id, cur.id));
        if (available !== null) await setRemainder(tx, cur.userId, available + cur.days);
        const v = toVacation(cur);
        await outbox.add(tx, vacationEvents.vacationDeleted, clientId, { ...v, by: ctx.userId ?? null });
        return v;
      });
    },
  };
}
