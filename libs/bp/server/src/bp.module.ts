import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { BpRepository } from './bp.repository.ts';
import { BpFiles } from './files.ts';
import { BpJobs } from './jobs.ts';
import { BpPeople } from './people.ts';
import { BpRefs } from './refs.ts';
import { RequestsController } from './requests.controller.ts';
import { RequestsService } from './requests.service.ts';
import { ServicesController } from './services.controller.ts';
import { ServicesService } from './services.service.ts';
import { bpTenant } from './tenant.ts';

/**
 * The services domain (DESIGN §2, services/bp): service groups, services (business process definitions, versioned),
 * running requests and templates, and the overdue scan.
 */
@Domain({
  name: 'bp',
  // It signs the download URLs of file values, which the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'bp', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [bpTenant.controller, ServicesController, RequestsController],
  providers: [bpTenant.provider, BpRepository, BpPeople, BpRefs, BpFiles, ServicesService, RequestsService, BpJobs],
})
export class BpModule {}
