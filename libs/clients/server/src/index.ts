import { fileURLToPath } from 'node:url';
import type { DomainModule } from '@intranet/platform-host';
import { registerClientHandlers } from './handlers.ts';

export { clients } from './schema.ts';

/** The clients domain (DESIGN §2): workspaces, features per client. */
export const clientsModule: DomainModule = {
  name: 'clients',
  migrations: { schema: 'clients', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  register: registerClientHandlers,
};
