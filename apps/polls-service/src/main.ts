import { PollsModule } from '@intranet/polls-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the polls domain as its own NATS microservice (DESIGN §1, §3).
await main('polls-service', (config) => runService(PollsModule, config));
