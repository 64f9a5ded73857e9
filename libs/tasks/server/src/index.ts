import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { tasksRoutes, tasksSubjects } from '@intranet/tasks-contract';
import { Domain, DOMAIN_DEPS, RouteController, SubjectController, type DomainDeps, type SubjectHandlers } from '@intranet/platform-host';
import { commentAccess, deadlineScan, tasksHandlers } from './handlers.ts';

export { desks, deskPeople, lanes, tasks } from './schema.ts';
export { commentAccess, deadlineScan } from './handlers.ts';

const ROUTES = 'tasks:routes';
const SUBJECTS = 'tasks:subjects';
const SCAN = 'tasks:scan';
const ACCESS = 'tasks:commentAccess';
/** How often the service scans deadlines (ms). */
const SCAN_EVERY_MS = 5 * 60_000;

/** Runs the deadline scan every few minutes while the process lives (each run idempotent; replicas may overlap). */
@Injectable()
class DeadlineTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  constructor(
    @Inject(SCAN) private readonly scan: ReturnType<typeof deadlineScan>,
    @Inject(DOMAIN_DEPS) private readonly deps: DomainDeps,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.scan().catch((e: Error) => this.deps.log.error(`tasks deadline scan: ${e.message}`));
    }, SCAN_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}

/**
 * The task tracker domain (DESIGN §2: boards, lanes, tasks): the §7 Task tracker routes, the generic module calls
 * of modules `desk` and `task`, and the deadline notices.
 */
@Domain({
  name: 'tasks',
  migrations: { schema: 'tasks', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    { provide: ROUTES, useFactory: tasksHandlers, inject: [DOMAIN_DEPS] },
    { provide: SCAN, useFactory: deadlineScan, inject: [DOMAIN_DEPS] },
    { provide: ACCESS, useFactory: commentAccess, inject: [DOMAIN_DEPS] },
    {
      provide: SUBJECTS,
      useFactory: (scan: ReturnType<typeof deadlineScan>, access: ReturnType<typeof commentAccess>): SubjectHandlers<typeof tasksSubjects> => ({
        /** tasks.internal.scanDeadlines {now?} → counts of the notices sent. */
        scanDeadlines: (input) => scan(input.now ? new Date(input.now) : new Date()),
        /** tasks.internal.commentAccess {task_id, user_id} → {read, comment, userIds} (for social's task comments). */
        commentAccess: (input, ctx) => access(ctx, input.task_id, input.user_id),
      }),
      inject: [SCAN, ACCESS],
    },
    DeadlineTimer,
  ],
  controllers: [RouteController('TasksRoutes', tasksRoutes, ROUTES), SubjectController('TasksSubjects', tasksSubjects, SUBJECTS)],
})
export class TasksModule {}
