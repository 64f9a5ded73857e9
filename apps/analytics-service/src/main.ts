import { AnalyticsModule } from '@intranet/analytics-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the analytics domain as its own NATS microservice (DESIGN §1, §3).
await main('analytics-service', (config) => runService(AnalyticsModule, config));
