import { fileURLToPath } from 'node:url';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { notificationsHandlers } from './handlers.ts';

export { items } from './schema.ts';

const ROUTES = 'notifications:routes';

/** The notifications domain (DESIGN §2) as a Nest module: its routes bound by a controller derived from the contract. */
@Domain({
  name: 'notifications',
  migrations: { schema: 'notifications', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: notificationsHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('NotificationsRoutes', notificationsRoutes, ROUTES)],
})
export class NotificationsModule {}
