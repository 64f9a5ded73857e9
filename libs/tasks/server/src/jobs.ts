import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Database } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { TASKS_LIMITS, tasksEvents } from '@intranet/tasks-contract';
import { taskPeople } from './access.ts';
import { assignees } from './mapping.ts';
import { DesksRepository, TasksRepository } from './tasks.repository.ts';

/** How often the service scans deadlines (ms). */
export const SCAN_EVERY_MS = 5 * 60_000;

/**
 * Timed work of the task tracker: the deadline notices (issue events "due soon, overdue"). An `@Interval` provider
 * scanning due rows rather than JobQueue jobs per deadline: a deadline is edited freely (each change re-arms its two
 * flags in the same UPDATE), the flags make each notice run-once (set by the UPDATE that selects, so replicas scanning
 * at once notify once), a scan missed while no replica ran is caught up by the next, and
 * `tasks.internal.scanDeadlines` runs the same scan on demand (with a `now`).
 */
@Injectable()
export class TasksJobs {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly desks: DesksRepository,
    private readonly tasks: TasksRepository,
  ) {}

  /** Every five minutes while the process lives; a failure is logged and the next run tries again. */
  @Interval(SCAN_EVERY_MS)
  async tick(): Promise<void> {
    await this.scanDeadlines().catch((e: Error) => this.log.error(`tasks deadline scan: ${e.message}`));
  }

  /**
   * Across clients, each unclosed task of an active board gets evt.tasks.task.due_soon once when its deadline is
   * within TASKS_LIMITS.dueSoonHours of `now` and evt.tasks.task.overdue once it has passed (a changed deadline may
   * notify again), written in the transaction that sets the flags. Output: counts of the notices.
   */
  scanDeadlines(now = new Date()): Promise<{ dueSoon: number; overdue: number }> {
    return this.db.asSystem('tasks deadline notices', async (tx) => {
      const { dueSoon, overdue } = await this.tasks.takeDeadlines(tx, now, TASKS_LIMITS.dueSoonHours * 3600_000);
      for (const [def, list] of [
        [tasksEvents.taskDueSoon, dueSoon],
        [tasksEvents.taskOverdue, overdue],
      ] as const) {
        for (const t of list) {
          const desk = (await this.desks.byId(tx, t.deskId))!;
          const people = await this.desks.people(tx, [t.deskId]);
          const userIds = [...new Set([desk.ownerId, ...people.map((p) => p.userId), ...taskPeople(t).filter((x): x is string => !!x)])];
          await this.outbox.add(tx, def, t.clientId, {
            desk_id: t.deskId,
            task_id: t.id,
            name: t.name,
            deadline: t.deadline!.toISOString(),
            people: assignees(t),
            by: null,
            userIds,
          });
        }
      }
      return { dueSoon: dueSoon.length, overdue: overdue.length };
    });
  }
}
