import { ChatModule } from '@intranet/chat-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the chat domain as its own NATS microservice (DESIGN §1, §3).
await main('chat-service', (config) => runService(ChatModule, config));
