import { fileURLToPath } from 'node:url';
import { bpRoutes } from '@intranet/bp-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { bpHandlers } from './handlers.ts';

export { items } from './schema.ts';

const ROUTES = 'bp:routes';

/** The bp domain (DESIGN §2) as a Nest module: its routes bound by a controller derived from the contract. */
@Domain({
  name: 'bp',
  migrations: { schema: 'bp', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: bpHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('BpRoutes', bpRoutes, ROUTES)],
})
export class BpModule {}
