import { clientsModule } from '@intranet/clients-server';
import { loadConfig } from '@intranet/platform-config';
import { runService } from '@intranet/platform-host';

// Distributed mode: the clients domain as its own NATS microservice (DESIGN §1, §3).
await runService(clientsModule, loadConfig());
