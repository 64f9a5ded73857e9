import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler } from '@intranet/platform-host';
import { tasksRoutes, tasksSubjects } from '@intranet/tasks-contract';
import { TasksJobs } from './jobs.ts';
import { TasksService } from './tasks.service.ts';

/** The §7 Task tracker routes of tasks (one method per contract route, named as its key, bound by `@RouteHandler`), and the bus-only subjects. */
@Controller()
export class TasksController {
  constructor(
    private readonly svc: TasksService,
    private readonly jobs: TasksJobs,
  ) {}

  @RouteHandler(tasksRoutes.taskList)
  taskList(input: RouteInput<typeof tasksRoutes.taskList>, ctx: RequestContext) {
    return this.svc.taskList(input, ctx);
  }

  @RouteHandler(tasksRoutes.taskGet)
  taskGet(input: RouteInput<typeof tasksRoutes.taskGet>, ctx: RequestContext) {
    return this.svc.taskGet(input, ctx);
  }

  @RouteHandler(tasksRoutes.taskCreate)
  taskCreate(input: RouteInput<typeof tasksRoutes.taskCreate>, ctx: RequestContext) {
    return this.svc.taskCreate(input, ctx);
  }

  @RouteHandler(tasksRoutes.taskAdd)
  taskAdd(input: RouteInput<typeof tasksRoutes.taskAdd>, ctx: RequestContext) {
    return this.svc.taskAdd(input, ctx);
  }

  @RouteHandler(tasksRoutes.taskUpdate)
  taskUpdate(input: RouteInput<typeof tasksRoutes.taskUpdate>, ctx: RequestContext) {
    return this.svc.taskUpdate(input, ctx);
  }

  @RouteHandler(tasksRoutes.taskDelete)
  taskDelete(input: RouteInput<typeof tasksRoutes.taskDelete>, ctx: RequestContext) {
    return this.svc.taskDelete(input, ctx);
  }

  @RouteHandler(tasksRoutes.taskMove)
  taskMove(input: RouteInput<typeof tasksRoutes.taskMove>, ctx: RequestContext) {
    return this.svc.taskMove(input, ctx);
  }

  /** tasks.internal.commentAccess {task_id, user_id} → {read, comment, userIds} (for social's task comments). */
  @SubjectHandler(tasksSubjects.commentAccess)
  commentAccess(input: { task_id: string; user_id: string | null }, ctx: RequestContext) {
    return this.svc.commentAccess(input.task_id, input.user_id, ctx);
  }

  /** tasks.internal.scanDeadlines {now?} → counts of the notices sent (the periodic scan, on demand). */
  @SubjectHandler(tasksSubjects.scanDeadlines)
  scanDeadlines(input: { now?: string }) {
    return this.jobs.scanDeadlines(input.now ? new Date(input.now) : new Date());
  }
}
