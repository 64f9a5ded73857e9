import { PeopleModule } from '@intranet/people-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the people domain as its own Nest microservice on NATS (DESIGN §1, §3).
await main('people-service', (config) => runService(PeopleModule, config));
