import { fileURLToPath } from 'node:url';
import { clientRoutes, clientSubjects } from '@intranet/clients-contract';
import { Domain, DOMAIN_DEPS, RouteController, SubjectController } from '@intranet/platform-host';
import { clientHandlers } from './handlers.ts';

export { clients } from './schema.ts';

/** Provider token: `clientHandlers(deps)` — the routes' and bus-only subjects' handler maps. */
export const CLIENT_HANDLERS = 'clients:handlers';
const ROUTES = 'clients:routes';
const SUBJECTS = 'clients:subjects';

/**
 * The clients domain (DESIGN §2): workspaces, features per client. Routes of `clientRoutes` and the bus-only
 * `clientSubjects` are bound by generated controllers over the handler factory.
 */
@Domain({
  name: 'clients',
  migrations: { schema: 'clients', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    { provide: CLIENT_HANDLERS, useFactory: clientHandlers, inject: [DOMAIN_DEPS] },
    { provide: ROUTES, useFactory: (h: ReturnType<typeof clientHandlers>) => h.routes, inject: [CLIENT_HANDLERS] },
    { provide: SUBJECTS, useFactory: (h: ReturnType<typeof clientHandlers>) => h.subjects, inject: [CLIENT_HANDLERS] },
  ],
  controllers: [RouteController('ClientRoutes', clientRoutes, ROUTES), SubjectController('ClientSubjects', clientSubjects, SUBJECTS)],
})
export class ClientsModule {}
