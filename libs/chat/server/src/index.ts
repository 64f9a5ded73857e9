import { fileURLToPath } from 'node:url';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { chatFileSubjects, chatRoutes } from '@intranet/chat-contract';
import type { UserEventData } from '@intranet/people-contract';
import type { BusEvent, EventHandler } from '@intranet/platform-bus';
import { Domain, DOMAIN_DEPS, RouteController, SubjectController, type DomainDeps } from '@intranet/platform-host';
import { chatFileAccess } from './file-access.ts';
import { chatHandlers, personOf } from './handlers.ts';
import { chatRepository } from './repository.ts';

export { files, members, messages, people, rooms } from './schema.ts';
export { cleanContent, plainText } from './mapping.ts';

const ROUTES = 'chat:routes';
const FILE_SUBJECTS = 'chat:fileSubjects';
const PEOPLE_PROJECTION = 'chat:peopleProjection';
/** The durable consumer keeping chat's projection of users (names stay right after a rename or deletion). */
export const PEOPLE_CONSUMER = 'chat-users';

/**
 * Keeps `chat.people` in step with `evt.people.user.*` (name, avatar, deletion mark); bulk role events carry no
 * user and are skipped; an older event never overwrites a newer state.
 */
export function peopleProjection({ db }: Pick<DomainDeps, 'db'>): EventHandler<Partial<UserEventData>> {
  return async (e: BusEvent<Partial<UserEventData>>) => {
    const u = e.data;
    if (!u?._id || !u.client_id) return;
    const clientId = u.client_id;
    await db.inTenant({ clientId }, (tx) =>
      chatRepository.upsertPerson(
        tx,
        personOf(
          {
            _id: u._id!,
            firstName: u.firstName ?? '',
            lastName: u.lastName ?? '',
            fullName: u.fullName ?? '',
            avatar: u.avatar ?? null,
            deletion_mark: Boolean(u.deletion_mark),
          },
          clientId,
          new Date(e.at),
        ),
      ),
    );
  };
}

/** chat's projection of people's users: a durable consumer. */
@Controller()
export class ChatProjectionController {
  constructor(@Inject(PEOPLE_PROJECTION) private readonly people: EventHandler) {}

  /** evt.people.user.* → chat.people; durable PEOPLE_CONSUMER, replayed from the stream's start when first created. */
  @EventPattern('evt.people.user.*', { durable: PEOPLE_CONSUMER, replay: true })
  onPeopleUser(evt: BusEvent): Promise<void> {
    return this.people(evt);
  }
}

/**
 * The chat domain (DESIGN §2): direct and group rooms, messages with files, read positions and unread counters,
 * typing; events to the members' sockets and for notifications; a projection of people's names.
 */
@Domain({
  name: 'chat',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'chat', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    { provide: ROUTES, useFactory: chatHandlers, inject: [DOMAIN_DEPS] },
    { provide: PEOPLE_PROJECTION, useFactory: peopleProjection, inject: [DOMAIN_DEPS] },
    { provide: FILE_SUBJECTS, useFactory: chatFileAccess, inject: [DOMAIN_DEPS] },
  ],
  controllers: [
    RouteController('ChatRoutes', chatRoutes, ROUTES),
    SubjectController('ChatFileSubjects', chatFileSubjects, FILE_SUBJECTS),
    ChatProjectionController,
  ],
})
export class ChatModule {}
