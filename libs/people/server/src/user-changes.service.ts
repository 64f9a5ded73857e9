import { Inject, Injectable } from '@nestjs/common';
import { peopleEvents, type ImportProgressEvent, type User } from '@intranet/people-contract';
import { journal, type Actor } from '@intranet/platform-audit';
import { emit, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { Database, Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { isSuper } from './access.ts';
import { toUser, userEventData } from './mapping.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { UsersRepository } from './users.repository.ts';

/** Import progress of one import: `step(n)` counts n more rows done, `finish()` sends the final done === total. */
export interface ImportProgress {
  step(n?: number): void;
  finish(): void;
}

/**
 * What every change of users shares (DESIGN §6 outbox, issue 18 §2 journal): the transaction a caller acts in, the
 * user events and session revocations added to the change's transaction, the journal's actor and entries, and the
 * import progress events.
 */
@Injectable()
export class UserChanges {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.outbox) readonly outbox: Outbox,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Runs `fn` in the caller's tenant; the superadmin without a selected workspace works through the audited bypass (`why`). */
  run<T>(ctx: RequestContext, why: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return isSuper(ctx) && !ctx.clientId ? this.db.asSystem(`superadmin ${ctx.userId}: ${why}`, fn) : this.db.inTenant(ctx, fn);
  }

  /**
   * Adds a user event (evt.people.user.created|updated|deleted) to the change's transaction; `deactivatedOn` (the
   * row's deactivation day) is carried when the caller has the row.
   */
  async addUserEvent(tx: Tx, verb: 'userCreated' | 'userUpdated' | 'userDeleted', u: User, deactivatedOn?: string | null): Promise<void> {
    if (verb === 'userUpdated') await this.outbox.add(tx, peopleEvents.userUpdated, u.client_id, userEventData(u, deactivatedOn));
    else await this.outbox.add(tx, peopleEvents[verb], u.client_id, userEventData(u, deactivatedOn));
  }

  /** Adds evt.people.user.created for each of `users` (an import's) in a few multi-row inserts. */
  async addCreatedEvents(tx: Tx, users: User[]): Promise<void> {
    await this.outbox.addMany(
      tx,
      peopleEvents.userCreated,
      users.map((u) => ({ clientId: u.client_id, data: userEventData(u) })),
    );
  }

  /** Adds evt.people.session.revoked for these sessions (none: nothing). */
  async addRevoked(tx: Tx, clientId: string | null, userId: string, sessionIds: string[]): Promise<void> {
    if (sessionIds.length) await this.outbox.add(tx, peopleEvents.sessionRevoked, clientId, { sessionIds, userId });
  }

  /** Ends every live session of `userId` and adds evt.people.session.revoked for them, also when there was none. */
  async signOutEverywhere(tx: Tx, clientId: string | null, userId: string): Promise<void> {
    await this.outbox.add(tx, peopleEvents.sessionRevoked, clientId, { sessionIds: await this.sessions.revokeAllOf(tx, userId), userId });
  }

  /**
   * The caller as the audit journal names them (issue 18 §2): id and full name now. Read before the change's
   * transaction: an administrator's own record in their tenant, the superadmin's (no client) in the system context.
   */
  async actorOf(ctx: RequestContext): Promise<Actor> {
    const id = ctx.userId ?? '';
    const byId = (tx: Tx) => this.users.byId(tx, id);
    const row = id ? await (isSuper(ctx) ? this.db.asSystem(`superadmin ${id}: journal actor`, byId) : this.db.inTenant(ctx, byId)) : undefined;
    return { id, name: row ? toUser(row).fullName : null };
  }

  /** A journal entry about user `u` (object: the user, titled with their name) in the change's transaction. */
  async journalUser(
    tx: Tx,
    actor: Actor,
    u: User,
    section: 'roles' | 'users',
    action: string,
    before?: Record<string, unknown>,
    after?: Record<string, unknown>,
  ): Promise<void> {
    await journal.add(tx, { clientId: u.client_id!, actor }, { section, action, object: { type: 'user', id: u._id, title: u.fullName }, before, after });
  }

  /**
   * Import progress for `evt.people.import.progress` (ImportProgressEvent) to the importing admin only (`userIds`):
   * `step(n)` publishes at most every 200 rows or 250 ms; `finish()` sends the final done === total. No-op without
   * an importId or a calling user. Best-effort: a failed publish is ignored, never fails the import.
   */
  importProgress(
    ctx: RequestContext,
    clientId: string,
    importId: string | undefined,
    total: number,
    counts?: () => ImportProgressEvent['counts'],
  ): ImportProgress {
    let done = 0;
    let sentDone = 0;
    let sentAt = Date.now();
    const userId = ctx.userId;
    const send = (phase: 'saving' | 'done') => {
      // Without a user the relay would fall back to the whole workspace: send nothing then.
      if (!importId || !userId) return;
      sentDone = done;
      sentAt = Date.now();
      emit(this.bus, peopleEvents.importProgress, clientId, { importId, done, total, phase, userIds: [userId], ...(counts ? { counts: counts() } : {}) }).catch(
        () => undefined,
      );
    };
    return {
      step: (n = 1) => {
        done = Math.min(total, done + n);
        if (done - sentDone >= 200 || Date.now() - sentAt >= 250) send('saving');
      },
      finish: () => {
        done = total;
        send('done');
      },
    };
  }
}
