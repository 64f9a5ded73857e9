import { KbModule } from '@intranet/kb-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the kb domain as its own Nest microservice on NATS (DESIGN §1, §3).
await main('kb-service', (config) => runService(KbModule, config));
