import { peopleModule } from '@intranet/people-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the people domain as its own NATS microservice (DESIGN §1, §3).
await main('people-service', (config) => runService(peopleModule, config));
