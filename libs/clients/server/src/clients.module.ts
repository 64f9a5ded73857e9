import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { ApplicationController } from './application.controller.ts';
import { ApplicationService } from './application.service.ts';
import { ArchiveService } from './archive.service.ts';
import { ClientsController } from './clients.controller.ts';
import { ClientsRepository } from './clients.repository.ts';
import { ClientsService } from './clients.service.ts';
import { LifecycleJobs } from './jobs.ts';
import { JournalService } from './journal.service.ts';
import { LifecycleController } from './lifecycle.controller.ts';
import { LifecycleService } from './lifecycle.service.ts';
import { SealHrPasswords } from './seal-hr-passwords.ts';
import { SendsayService } from './sendsay.service.ts';
import { StorageService } from './storage.service.ts';

/**
 * The clients domain (DESIGN §2): workspaces, their features, storage quota, audit journal and whole life (issue 36:
 * statistics, clone, full delete, hanged files, orchestrated over every domain's tenant part). The controller binds
 * the §7 Clients routes and the bus-only subjects; the services hold the use cases; the repository owns the SQL.
 */
@Domain({
  name: 'clients',
  migrations: { schema: 'clients', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [ClientsController, LifecycleController, ApplicationController],
  providers: [
    ClientsRepository,
    ClientsService,
    LifecycleService,
    ArchiveService,
    LifecycleJobs,
    SendsayService,
    ApplicationService,
    JournalService,
    StorageService,
    SealHrPasswords,
  ],
})
export class ClientsModule {}
