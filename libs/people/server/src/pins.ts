import { peopleEvents, type peopleRoutes } from '@intranet/people-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { sql, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { isSuper, toUser, userEventData } from './mapping.ts';
import { usersRepository } from './repository.ts';
import { users, type UserRow } from './schema.ts';

type PinRoutes = Pick<typeof peopleRoutes, 'pin' | 'pinMove' | 'pinned'>;

/** The user pinned into `slot` in the transaction's client, if any. */
async function inSlot(tx: Tx, clientId: string, slot: number, except?: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.pinnedNum, slot), isNotNull(users.pinnedNum), except ? ne(users.id, except) : undefined))
    .limit(1);
  return row;
}

/** Serialises pin changes of one client (slots are unique per client; two admins may move pins at once). */
const lockPins = (tx: Tx, clientId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`people:pins:${clientId}`}))`);

/**
 * Pins (§4 Posts: users are pinned into numbered slots; pin_move swaps slots). Each slot holds at most one user
 * per client: pinning into a taken slot swaps the two users.
 */
export function pinHandlers({ db, outbox }: DomainDeps): RouteHandlers<PinRoutes> {
  const clientOf = (ctx: RequestContext) => {
    if (!ctx.clientId) throw Errors.field('client_id', 'Select a workspace first');
    return ctx.clientId;
  };
  /** Adds evt.people.user.updated of every changed user to the pin change's transaction (DESIGN §6 outbox). */
  const addEvents = async (tx: Tx, rows: UserRow[]) => {
    for (const r of rows) await outbox.add(tx, peopleEvents.userUpdated, r.clientId, userEventData(toUser(r)));
  };

  return {
    /**
     * §7 PUT api/user/pin/{id} {pinned_num}: puts the user into the slot (null unpins). If another user holds the
     * slot, they take this user's previous slot (or are unpinned). Output: every changed user. Errors: 404.
     */
    pin: async ({ params, body }, ctx) => {
      const clientId = clientOf(ctx);
      const changed = await db.inTenant(ctx, async (tx) => {
        await lockPins(tx, clientId);
        const cur = await usersRepository.byId(tx, params.id);
        if (!cur || cur.clientId !== clientId) throw Errors.notFound();
        const slot = body.pinned_num;
        const out: UserRow[] = [];
        if (slot !== null) {
          const holder = await inSlot(tx, clientId, slot, cur.id);
          if (holder) out.push((await usersRepository.update(tx, holder.id, { pinnedNum: cur.pinnedNum }))!);
        }
        out.unshift((await usersRepository.update(tx, cur.id, { pinnedNum: slot }))!);
        await addEvents(tx, out);
        return out;
      });
      return changed.map(toUser);
    },

    /**
     * GET api/user/pinned/{clientId} (added to §7 for the wall's block): the client's pinned users that are not
     * deleted, in slot order, with only what the block shows. The caller's own client only (the superadmin: any).
     * Errors: 404 for another client's id.
     */
    pinned: async ({ params }, ctx) => {
      const clientId = isSuper(ctx) ? params.clientId : clientOf(ctx);
      if (clientId !== params.clientId) throw Errors.notFound();
      const rows = await db.inTenant({ ...ctx, clientId }, (tx) =>
        tx
          .select()
          .from(users)
          .where(and(eq(users.clientId, clientId), isNotNull(users.pinnedNum), eq(users.deletionMark, false)))
          .orderBy(asc(users.pinnedNum)),
      );
      return rows.map((r) => {
        const u = toUser(r);
        return {
          _id: u._id,
          fullName: u.fullName,
          firstName: u.firstName,
          lastName: u.lastName,
          avatar: u.avatar,
          position: u.position,
          department: u.department,
          pinned_num: r.pinnedNum!,
        };
      });
    },

    /** §7 PUT api/user/pin_move {from, to}: swaps the users of two slots (an empty `to` just moves). Errors: 404 if `from` is empty. */
    pinMove: async ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      const changed = await db.inTenant(ctx, async (tx) => {
        await lockPins(tx, clientId);
        const a = await inSlot(tx, clientId, body.from);
        if (!a) throw Errors.notFound();
        if (body.from === body.to) return [];
        const b = await inSlot(tx, clientId, body.to);
        const out = [(await usersRepository.update(tx, a.id, { pinnedNum: body.to }))!];
        if (b) out.push((await usersRepository.update(tx, b.id, { pinnedNum: body.from }))!);
        await addEvents(tx, out);
        return out;
      });
      return changed.map(toUser);
    },
  };
}
