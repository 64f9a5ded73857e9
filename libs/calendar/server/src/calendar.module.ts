import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { CalendarController } from './calendar.controller.ts';
import { EventsRepository, FeedsRepository, RemindersRepository } from './calendar.repository.ts';
import { CalendarService } from './calendar.service.ts';
import { FeedsService } from './feeds.service.ts';
import { CalendarJobs } from './jobs.ts';
import { SeriesService } from './series.service.ts';
import { calendarTenant } from './tenant.ts';

/** The calendar domain (DESIGN §2): events and periodic events (RFC 5545), reminders as durable jobs, .ics. */
@Domain({
  name: 'calendar',
  migrations: { schema: 'calendar', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [calendarTenant.controller, CalendarController],
  providers: [calendarTenant.provider, EventsRepository, FeedsRepository, RemindersRepository, CalendarJobs, CalendarService, SeriesService, FeedsService],
})
export class CalendarModule {}
