import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { AdaptationRewardsController } from './adaptation-rewards.ts';
import { AutoService } from './auto.service.ts';
import { ShopEventsController } from './events.controller.ts';
import { LedgerService } from './ledger.service.ts';
import { ShopController } from './shop.controller.ts';
import { ShopRepository } from './shop.repository.ts';
import { ShopService } from './shop.service.ts';
import { shopTenant } from './tenant.ts';

/**
 * The shop domain (DESIGN §2) as a Nest module: the controller binds the routes, ShopService the catalogue,
 * LedgerService the money, AutoService the automatic accruals (events and the daily job), the repository the SQL.
 */
@Domain({
  name: 'shop',
  // It signs the pictures' URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'shop', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [shopTenant.controller, ShopController, ShopEventsController, AdaptationRewardsController],
  providers: [shopTenant.provider, ShopRepository, ShopService, LedgerService, AutoService],
})
export class ShopModule {}
