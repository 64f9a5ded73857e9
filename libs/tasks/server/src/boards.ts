import { Inject, Injectable } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { TASKS_CODES, TASKS_TEXT, tasksEvents, type Desk, type DeskRole } from '@intranet/tasks-contract';
import { isEditor } from './access.ts';
import { toDesk } from './mapping.ts';
import { DesksRepository, type DeskRow, type PersonRow } from './tasks.repository.ts';

/** 409 with a stable code (the web words it). */
export const conflict = (code: string, message: string, params?: Record<string, unknown>) => new DomainError('conflict', message, { code, params });

/** 409 deskFinished: a finished board takes no change. */
export const finished = () => conflict(TASKS_CODES.deskFinished, TASKS_TEXT.deskFinished);

/** A board with the caller's role on it and its people. */
export interface BoardOf {
  desk: DeskRow;
  role: DeskRole;
  people: PersonRow[];
}

/**
 * The board steps every task tracker use case shares, inside its transaction: the board with the caller's role (a
 * board they have no role on answers 404, §6 "others 404"), the editors' check, the board as answers give it, who
 * hears its events, and finishing it.
 */
@Injectable()
export class Boards {
  constructor(
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly desks: DesksRepository,
  ) {}

  /** The board and the caller's role. `lock`: see DesksRepository.byId. Errors: 404 no such board, or no role on it. */
  async of(tx: Tx, ctx: RequestContext, id: string, lock: 'write' | 'share' | false = false): Promise<BoardOf> {
    const desk = await this.desks.byId(tx, id, lock);
    if (!desk) throw Errors.notFound();
    const people = await this.desks.people(tx, [desk.id]);
    const role = await this.desks.roleOf(tx, desk, ctx.userId, people);
    if (!role) throw Errors.notFound();
    return { desk, role, people };
  }

  /** As `of`, for a change of the board: owner or admin (else 403), board active (else 409 deskFinished). */
  async editable(tx: Tx, ctx: RequestContext, id: string, opts: { allowFinished?: boolean; lock?: 'write' | 'share' } = {}): Promise<BoardOf> {
    const r = await this.of(tx, ctx, id, opts.lock ?? 'write');
    if (!isEditor(r.role)) throw Errors.noAccess();
    if (r.desk.status !== 'active' && !opts.allowFinished) throw finished();
    return r;
  }

  /** The board as the API returns it, for `role`. */
  async out(tx: Tx, d: DeskRow, role: DeskRole): Promise<Desk> {
    // Sequential: one transaction's connection runs one query at a time (pg deprecates queueing them).
    const people = await this.desks.people(tx, [d.id]);
    const lanes = await this.desks.lanes(tx, [d.id]);
    const counts = await this.desks.taskCounts(tx, [d.id]);
    return toDesk(d, people, lanes, role, counts.get(d.id) ?? 0);
  }

  /** Who hears a board's events: its owner, admins and members, plus `extra` (a task's people). */
  async audience(tx: Tx, d: DeskRow, extra: (string | null)[] = [], known?: PersonRow[]): Promise<string[]> {
    const people = known ?? (await this.desks.people(tx, [d.id]));
    return [...new Set([d.ownerId, ...people.map((p) => p.userId), ...extra.filter((x): x is string => !!x)])];
  }

  /** §4 finish a board (locked, editor): every task closed, the board finished; a finished board stays as it is. */
  async finish(tx: Tx, ctx: RequestContext, desk: DeskRow, role: DeskRole): Promise<Desk> {
    if (desk.status === 'finished') return this.out(tx, desk, role);
    await this.desks.finishTasks(tx, desk.id);
    const d = await this.desks.update(tx, desk.id, { status: 'finished', finishedAt: new Date() });
    await this.outbox.add(tx, tasksEvents.deskChanged, ctx.clientId, {
      desk_id: desk.id,
      action: 'finished',
      by: ctx.userId,
      userIds: await this.audience(tx, d),
    });
    return this.out(tx, d, role);
  }
}
