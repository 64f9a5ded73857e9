import { peopleModule } from '@intranet/people-server';
import { loadConfig } from '@intranet/platform-config';
import { runService } from '@intranet/platform-host';

// Distributed mode: the people domain as its own NATS microservice (DESIGN §1, §3).
await runService(peopleModule, loadConfig());
