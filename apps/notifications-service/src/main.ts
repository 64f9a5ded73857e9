import { NotificationsModule } from '@intranet/notifications-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the notifications domain as its own NATS microservice (DESIGN §1, §3).
await main('notifications-service', (config) => runService(NotificationsModule, config));
