import { AdaptationModule } from '@intranet/adaptation-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the adaptation domain as its own NATS microservice (DESIGN §1, §3).
await main('adaptation-service', (config) => runService(AdaptationModule, config));
