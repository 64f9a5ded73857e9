import { kbModule } from '@intranet/kb-server';
import { loadConfig } from '@intranet/platform-config';
import { runService } from '@intranet/platform-host';

// Distributed mode: the kb domain as its own NATS microservice (DESIGN §1, §3).
await runService(kbModule, loadConfig());
