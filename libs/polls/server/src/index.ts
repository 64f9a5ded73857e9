import { fileURLToPath } from 'node:url';
import { pollsRoutes } from '@intranet/polls-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { pollsHandlers } from './handlers.ts';

export { items } from './schema.ts';

const ROUTES = 'polls:routes';

/** The polls domain (DESIGN §2) as a Nest module: its routes bound by a controller derived from the contract. */
@Domain({
  name: 'polls',
  migrations: { schema: 'polls', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: pollsHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('PollsRoutes', pollsRoutes, ROUTES)],
})
export class PollsModule {}
