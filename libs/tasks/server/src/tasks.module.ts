import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { Boards } from './boards.ts';
import { DesksController } from './desks.controller.ts';
import { DesksService } from './desks.service.ts';
import { TasksJobs } from './jobs.ts';
import { TasksPeople } from './people.ts';
import { TasksController } from './tasks.controller.ts';
import { DesksRepository, LanesRepository, TasksRepository } from './tasks.repository.ts';
import { TasksService } from './tasks.service.ts';
import { tasksTenant } from './tenant.ts';

/**
 * The task tracker domain (DESIGN §2: boards, lanes, tasks): the §7 Task tracker routes, the generic module calls
 * of modules `desk` and `task`, the comment access asked by social, and the deadline notices.
 */
@Domain({
  name: 'tasks',
  migrations: { schema: 'tasks', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [tasksTenant.controller, DesksController, TasksController],
  providers: [tasksTenant.provider, DesksRepository, LanesRepository, TasksRepository, TasksPeople, Boards, DesksService, TasksService, TasksJobs],
})
export class TasksModule {}
