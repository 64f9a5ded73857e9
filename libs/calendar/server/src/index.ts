import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { calendarRoutes } from '@intranet/calendar-contract';
import { Domain, DOMAIN_DEPS, PORTS, RouteController, type Logger } from '@intranet/platform-host';
import type { Database } from '@intranet/platform-db';
import type { Outbox } from '@intranet/platform-outbox';
import { calendarHandlers } from './handlers.ts';
import { ReminderScheduler } from './reminders.ts';

export { events, eventMembers, overrides, reminders, feeds } from './schema.ts';
export { ReminderScheduler, planReminders, PLAN_HORIZON_MS } from './reminders.ts';
export { expand, allDates, occurrenceDates, instant, toRrule, fromRrule } from './recurrence.ts';
export { buildIcs } from './ics.ts';

const ROUTES = 'calendar:routes';

/**
 * The calendar service's reminder schedule as a Nest provider: started once the service is up, stopped (a run in
 * progress finished) before the database closes. `CALENDAR_REMINDER_POLL_MS` sets the poll period (default 5 s).
 */
@Injectable()
export class CalendarReminders implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly scheduler: ReminderScheduler;

  constructor(@Inject(PORTS.db) db: Database, @Inject(PORTS.outbox) outbox: Outbox, @Inject(PORTS.log) log: Logger) {
    const intervalMs = Number(process.env.CALENDAR_REMINDER_POLL_MS) || 5000;
    this.scheduler = new ReminderScheduler(db, outbox, log, { intervalMs });
  }

  onApplicationBootstrap(): void {
    this.scheduler.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.scheduler.stop();
  }
}

/** The calendar domain (DESIGN §2): events and periodic events (RFC 5545), reminders, .ics. */
@Domain({
  name: 'calendar',
  migrations: { schema: 'calendar', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: calendarHandlers, inject: [DOMAIN_DEPS] }, CalendarReminders],
  controllers: [RouteController('CalendarRoutes', calendarRoutes, ROUTES)],
})
export class CalendarModule {}
