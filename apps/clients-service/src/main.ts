import { clientsModule } from '@intranet/clients-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the clients domain as its own NATS microservice (DESIGN §1, §3).
await main('clients-service', (config) => runService(clientsModule, config));
