import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { ClientsController } from './clients.controller.ts';
import { ClientsRepository } from './clients.repository.ts';
import { ClientsService } from './clients.service.ts';
import { JournalService } from './journal.service.ts';
import { SealHrPasswords } from './seal-hr-passwords.ts';
import { StorageService } from './storage.service.ts';

/**
 * The clients domain (DESIGN §2): workspaces, their features, storage quota and audit journal. The controller binds
 * the §7 Clients routes and the bus-only subjects; the services hold the use cases; the repository owns the SQL.
 */
@Domain({
  name: 'clients',
  migrations: { schema: 'clients', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [ClientsController],
  providers: [ClientsRepository, ClientsService, JournalService, StorageService, SealHrPasswords],
})
export class ClientsModule {}
