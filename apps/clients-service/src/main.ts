import { ClientsModule } from '@intranet/clients-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the clients domain as its own Nest microservice on NATS (DESIGN §1, §3).
await main('clients-service', (config) => runService(ClientsModule, config));
