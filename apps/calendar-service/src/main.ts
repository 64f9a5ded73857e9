import { CalendarModule } from '@intranet/calendar-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the calendar domain as its own NATS microservice (DESIGN §1, §3).
await main('calendar-service', (config) => runService(CalendarModule, config));
