import { BpModule } from '@intranet/bp-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the bp domain as its own NATS microservice (DESIGN §1, §3).
await main('bp-service', (config) => runService(BpModule, config));
