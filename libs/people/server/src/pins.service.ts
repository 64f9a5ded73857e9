import { Inject, Injectable } from '@nestjs/common';
import { peopleEvents, type PinnedUser, type peopleRoutes, type User } from '@intranet/people-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { isSuper, pinClient } from './access.ts';
import { toPinned, toUser, userEventData } from './mapping.ts';
import type { UserRow } from './schema.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof peopleRoutes> = RouteInput<(typeof peopleRoutes)[K]>;

/**
 * Pins (§4 Posts: users are pinned into numbered slots; pin_move swaps slots). Each slot holds at most one user
 * per client: pinning into a taken slot swaps the two users.
 */
@Injectable()
export class PinsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly users: UsersRepository,
  ) {}

  /**
   * §7 PUT api/user/pin/{id} {pinned_num}: puts the user into the slot (null unpins). If another user holds the
   * slot, they take this user's previous slot (or are unpinned). Output: every changed user. Errors: 404.
   */
  async pin({ params, body }: In<'userPin'>, ctx: RequestContext): Promise<User[]> {
    const clientId = pinClient(ctx);
    const changed = await this.db.inTenant(ctx, async (tx) => {
      await this.users.lockPins(tx, clientId);
      const cur = await this.users.byId(tx, params.id);
      if (!cur || cur.clientId !== clientId) throw Errors.notFound();
      const slot = body.pinned_num;
      const out: UserRow[] = [];
      if (slot !== null) {
        const holder = await this.users.inSlot(tx, clientId, slot, cur.id);
        if (holder) out.push((await this.users.update(tx, holder.id, { pinnedNum: cur.pinnedNum }))!);
      }
      out.unshift((await this.users.update(tx, cur.id, { pinnedNum: slot }))!);
      await this.addEvents(tx, out);
      return out;
    });
    return changed.map(toUser);
  }

  /**
   * GET api/user/pinned/{clientId} (added to §7 for the wall's block): the client's pinned users that are not
   * deleted, in slot order, with only what the block shows. The caller's own client only (the superadmin: any).
   * Errors: 404 for another client's id.
   */
  async pinned({ params }: In<'userPinned'>, ctx: RequestContext): Promise<PinnedUser[]> {
    const clientId = isSuper(ctx) ? params.clientId : pinClient(ctx);
    if (clientId !== params.clientId) throw Errors.notFound();
    const rows = await this.db.inTenant({ ...ctx, clientId }, (tx) => this.users.pinned(tx, clientId));
    return rows.map(toPinned);
  }

  /** §7 PUT api/user/pin_move {from, to}: swaps the users of two slots (an empty `to` just moves). Errors: 404 if `from` is empty. */
  async pinMove({ body }: In<'userPinMove'>, ctx: RequestContext): Promise<User[]> {
    const clientId = pinClient(ctx);
    const changed = await this.db.inTenant(ctx, async (tx) => {
      await this.users.lockPins(tx, clientId);
      const a = await this.users.inSlot(tx, clientId, body.from);
      if (!a) throw Errors.notFound();
      if (body.from === body.to) return [];
      const b = await this.users.inSlot(tx, clientId, body.to);
      const out = [(await this.users.update(tx, a.id, { pinnedNum: body.to }))!];
      if (b) out.push((await this.users.update(tx, b.id, { pinnedNum: body.from }))!);
      await this.addEvents(tx, out);
      return out;
    });
    return changed.map(toUser);
  }

  /** Adds evt.people.user.updated of every changed user to the pin change's transaction (DESIGN §6 outbox). */
  private async addEvents(tx: Tx, rows: UserRow[]): Promise<void> {
    for (const r of rows) await this.outbox.add(tx, peopleEvents.userUpdated, r.clientId, userEventData(toUser(r)));
  }
}
