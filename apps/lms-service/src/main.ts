import { LmsModule } from '@intranet/lms-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the lms domain as its own NATS microservice (DESIGN §1, §3).
await main('lms-service', (config) => runService(LmsModule, config));
