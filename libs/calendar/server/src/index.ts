import { fileURLToPath } from 'node:url';
import { calendarRoutes } from '@intranet/calendar-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { calendarHandlers } from './handlers.ts';

export { items } from './schema.ts';

const ROUTES = 'calendar:routes';

/** The calendar domain (DESIGN §2) as a Nest module: its routes bound by a controller derived from the contract. */
@Domain({
  name: 'calendar',
  migrations: { schema: 'calendar', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: calendarHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('CalendarRoutes', calendarRoutes, ROUTES)],
})
export class CalendarModule {}
