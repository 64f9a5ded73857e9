import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { AdaptationController } from './adaptation.controller.ts';
import { AdaptationRepository } from './adaptation.repository.ts';
import { AdaptationService } from './adaptation.service.ts';
import { adaptationTenant } from './tenant.ts';

/**
 * The adaptation domain (DESIGN §2) as a Nest module: the controller binds the routes, the service holds the use
 * cases, the repository owns the SQL, access.ts the can-rules, mapping.ts the API shapes, tenant.ts the domain's part
 * of a workspace's export, import, clone, statistics and full delete (issue 36).
 */
@Domain({
  name: 'adaptation',
  migrations: { schema: 'adaptation', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [AdaptationController, adaptationTenant.controller],
  providers: [AdaptationRepository, AdaptationService, adaptationTenant.provider],
})
export class AdaptationModule {}
