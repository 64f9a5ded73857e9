import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { ChatController } from './chat.controller.ts';
import { ChatRepository } from './chat.repository.ts';
import { ChatFilesService } from './files.service.ts';
import { MessagesService } from './messages.service.ts';
import { ChatPeopleService } from './people.service.ts';
import { RoomsService } from './rooms.service.ts';
import { chatTenant } from './tenant.ts';

/**
 * The chat domain (DESIGN §2): direct and group rooms, messages with files, read positions and unread counters,
 * typing; events to the members' sockets and for notifications; a projection of people's names.
 */
@Domain({
  name: 'chat',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'chat', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [chatTenant.controller, ChatController],
  providers: [chatTenant.provider, ChatRepository, ChatPeopleService, ChatFilesService, RoomsService, MessagesService],
})
export class ChatModule {}
