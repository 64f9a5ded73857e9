import { fileURLToPath } from 'node:url';
import { tasksRoutes } from '@intranet/tasks-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { tasksHandlers } from './handlers.ts';

export { items } from './schema.ts';

const ROUTES = 'tasks:routes';

/** The tasks domain (DESIGN §2) as a Nest module: its routes bound by a controller derived from the contract. */
@Domain({
  name: 'tasks',
  migrations: { schema: 'tasks', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: tasksHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('TasksRoutes', tasksRoutes, ROUTES)],
})
export class TasksModule {}
