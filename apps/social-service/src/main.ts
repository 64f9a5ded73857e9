import { SocialModule } from '@intranet/social-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the social domain as its own Nest microservice on NATS (DESIGN §1, §3).
await main('social-service', (config) => runService(SocialModule, config));
