import { fileURLToPath } from 'node:url';
import { bpRoutes } from '@intranet/bp-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { bpHandlers } from './handlers.ts';

export { groups, services, requests, templates } from './schema.ts';
export { chiefOf, performersOf } from './people.ts';

const ROUTES = 'bp:routes';

/**
 * The services domain (DESIGN §2, services/bp): service groups, services (business process definitions, versioned),
 * running requests and templates, as a Nest module whose routes are bound by a controller derived from the contract.
 */
@Domain({
  name: 'bp',
  // It signs the download URLs of file values, which the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'bp', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: bpHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('BpRoutes', bpRoutes, ROUTES)],
})
export class BpModule {}
