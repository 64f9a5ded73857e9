import { fileURLToPath } from 'node:url';
import { chatRoutes } from '@intranet/chat-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { chatHandlers } from './handlers.ts';

export { items } from './schema.ts';

const ROUTES = 'chat:routes';

/** The chat domain (DESIGN §2) as a Nest module: its routes bound by a controller derived from the contract. */
@Domain({
  name: 'chat',
  migrations: { schema: 'chat', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: chatHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('ChatRoutes', chatRoutes, ROUTES)],
})
export class ChatModule {}
