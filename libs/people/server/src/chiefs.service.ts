import { Inject, Injectable } from '@nestjs/common';
import type { User } from '@intranet/people-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { canEditVacations, needsChiefCheck, vacationRights } from './access.ts';
import { toUser } from './mapping.ts';
import type { UserRow } from './schema.ts';
import { StructureRepository } from './structure.repository.ts';
import { UsersRepository } from './users.repository.ts';

/**
 * Who is whose direct chief (§3 Department heads, §3 User chiefCode): served to other domains through
 * `peopleLookupSubjects` (peopleClient in @intranet/people-contract/lookup: bp's "direct chief" steps) and used by
 * vacation approval (issue 29 §1).
 */
@Injectable()
export class ChiefsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly structure: StructureRepository,
  ) {}

  /**
   * The direct chief of `user`, looked up in this order: the administrative structure (the company's official
   * hierarchy), then the organisational one (what /structure_new opens on, so a company that built only that one
   * still has chiefs), then the user's §3 `chiefCode`. Undefined when none of them names an active user other than
   * `user`.
   */
  async directChiefOf(tx: Tx, user: UserRow): Promise<UserRow | undefined> {
    const code = user.chiefCode?.trim();
    return (
      (await this.structure.chiefFromStructure(tx, user, 'adm')) ??
      (await this.structure.chiefFromStructure(tx, user, 'org')) ??
      (code ? await this.structure.chiefFromCode(tx, user, code) : undefined)
    );
  }

  /** Whether the caller is the direct chief of `userId` (never of themselves). */
  async isDirectChief(tx: Tx, ctx: RequestContext, userId: string): Promise<boolean> {
    if (!ctx.userId || ctx.userId === userId) return false;
    const user = await this.users.byId(tx, userId);
    if (!user) return false;
    return (await this.directChiefOf(tx, user))?.id === ctx.userId;
  }

  /** What the caller may do with `userId`'s vacations (access.ts vacationRights, the chief asked only when it matters). */
  async vacationRights(tx: Tx, ctx: RequestContext, userId: string) {
    return vacationRights(ctx, userId, needsChiefCheck(ctx, userId) && (await this.isDirectChief(tx, ctx, userId)));
  }

  /**
   * Which of `ids` (employees of one timeline) the caller may approve and delete vacations of: every one but the caller
   * with vacations_edit; else those whose direct chief is the caller. Only the people in the subtrees of departments the
   * caller heads, or with a chiefCode, can have the caller as chief, so a caller who heads nothing costs one query.
   */
  async approvableIds(tx: Tx, ctx: RequestContext, ids: string[]): Promise<string[]> {
    const me = ctx.userId;
    if (!me || !ids.length) return [];
    if (canEditVacations(ctx)) return ids.filter((id) => id !== me);
    const inSubtrees = await this.structure.inSubtrees(tx, ids, await this.structure.headed(tx, me));
    const withCode = await this.structure.withChiefCode(tx, ids);
    const candidates = [...new Set([...inSubtrees, ...withCode])].filter((id) => id !== me);
    const mine: string[] = [];
    for (const id of candidates) if (await this.isDirectChief(tx, ctx, id)) mine.push(id);
    return mine;
  }

  /**
   * people.internal.directChief { userId } → the direct chief (directChiefOf) or null, in the caller context's client
   * (RLS). Errors: 404 'User not found' (no client, unknown or deleted user).
   */
  async directChief({ userId }: { userId: string }, ctx: RequestContext): Promise<User | null> {
    if (!ctx.clientId) throw Errors.userNotFound();
    return this.db.inTenant({ clientId: ctx.clientId, userId: ctx.userId }, async (tx) => {
      const user = await this.users.byId(tx, userId);
      if (!user || user.deletionMark) throw Errors.userNotFound();
      const chief = await this.directChiefOf(tx, user);
      return chief ? toUser(chief) : null;
    });
  }

  /** people.internal.usersByIds { ids } → the active users of the caller context's client among `ids` ([] without a client). */
  async usersByIds({ ids }: { ids: string[] }, ctx: RequestContext): Promise<User[]> {
    if (!ctx.clientId || !ids.length) return [];
    return this.db.inTenant({ clientId: ctx.clientId, userId: ctx.userId }, async (tx) => (await this.users.activeByIds(tx, [...new Set(ids)])).map(toUser));
  }
}
