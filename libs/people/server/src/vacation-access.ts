import { VACATION_TEXT } from '@intranet/people-contract/structure';
import type { RequestContext } from '@intranet/platform-bus';
import { sql, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { directChiefOf } from './lookup.ts';
import { isAdmin } from './mapping.ts';
import { departments, deptUsers, users } from './schema.ts';

/**
 * Who may do what with a vacation (§6 vacations / vacations_edit, issue 29 §1):
 * - its employee requests, moves and deletes it while it has not started, and never approves it;
 * - the employee's direct chief (lookup's directChiefOf) approves or deletes it without any right;
 * - a holder of vacations_edit (administrators always) plans, changes, approves and deletes anyone's, but not
 *   approves their own.
 */

/** Whether the caller manages everyone's vacations (§6 vacations_edit; administrators always). */
export const canEditVacations = (ctx: RequestContext) => isAdmin(ctx) || ctx.roles.includes('vacations_edit');

/** Whether the caller is the direct chief of `userId` (never of themselves). */
export async function isDirectChief(tx: Tx, ctx: RequestContext, userId: string): Promise<boolean> {
  if (!ctx.userId || ctx.userId === userId) return false;
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return false;
  return (await directChiefOf(tx, user))?.id === ctx.userId;
}

/**
 * What the caller may do with `userId`'s vacations: `own` (theirs), `editor` (vacations_edit), `approver` (may approve
 * or delete them: an editor or the direct chief, never for their own).
 */
export async function vacationRights(tx: Tx, ctx: RequestContext, userId: string) {
  const own = ctx.userId === userId;
  const editor = canEditVacations(ctx);
  const approver = !own && (editor || (await isDirectChief(tx, ctx, userId)));
  return { own, editor, approver };
}

/** Refuses a change of approval (`planned`) the caller may not make: 403 'You cannot approve your own vacation', or 403. */
export function assertMayApprove(rights: { own: boolean; approver: boolean }): void {
  if (rights.own) throw Errors.forbidden(VACATION_TEXT.selfApprove);
  if (!rights.approver) throw Errors.noAccess();
}

/**
 * Which of `ids` (employees of one timeline) the caller may approve and delete vacations of: every one but the caller
 * with vacations_edit; else those whose direct chief is the caller. Only the people in the subtrees of departments the
 * caller heads, or with a chiefCode, can have the caller as chief, so a caller who heads nothing costs one query.
 */
export async function approvableIds(tx: Tx, ctx: RequestContext, ids: string[]): Promise<string[]> {
  const me = ctx.userId;
  if (!me || !ids.length) return [];
  if (canEditVacations(ctx)) return ids.filter((id) => id !== me);
  const headed = await tx
    .select({ kind: departments.kind, path: departments.path })
    .from(deptUsers)
    .innerJoin(departments, eq(departments.id, deptUsers.deptId))
    .where(and(eq(deptUsers.userId, me), eq(deptUsers.isHead, true), inArray(departments.kind, ['adm', 'org'])));
  const inSubtrees = headed.length
    ? await tx
        .selectDistinct({ id: deptUsers.userId })
        .from(deptUsers)
        .innerJoin(departments, eq(departments.id, deptUsers.deptId))
        .where(
          and(
            inArray(deptUsers.userId, ids),
            sql`(${sql.join(
              headed.map((h) => sql`(${departments.kind} = ${h.kind} AND ${departments.path} LIKE ${`${h.path}%`})`),
              sql` OR `,
            )})`,
          ),
        )
    : [];
  const withCode = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.chiefCode), ne(users.chiefCode, '')));
  const candidates = [...new Set([...inSubtrees, ...withCode].map((r) => r.id))].filter((id) => id !== me);
  const mine: string[] = [];
  for (const id of candidates) if (await isDirectChief(tx, ctx, id)) mine.push(id);
  return mine;
}
