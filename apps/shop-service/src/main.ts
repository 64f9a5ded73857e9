import { ShopModule } from '@intranet/shop-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the shop domain as its own NATS microservice (DESIGN §1, §3).
await main('shop-service', (config) => runService(ShopModule, config));
