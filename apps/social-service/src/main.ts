import { socialModule } from '@intranet/social-server';
import { loadConfig } from '@intranet/platform-config';
import { runService } from '@intranet/platform-host';

// Distributed mode: the social domain as its own NATS microservice (DESIGN §1, §3).
await runService(socialModule, loadConfig());
