import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { chatFileSubjects, chatRoutes } from '@intranet/chat-contract';
import type { UserEventData } from '@intranet/people-contract';
import type { BusEvent, RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler } from '@intranet/platform-host';
import { ChatFilesService } from './files.service.ts';
import { MessagesService } from './messages.service.ts';
import { ChatPeopleService } from './people.service.ts';
import { RoomsService } from './rooms.service.ts';

type In<K extends keyof typeof chatRoutes> = RouteInput<(typeof chatRoutes)[K]>;

/** The durable consumer keeping chat's projection of users (names stay right after a rename or deletion). */
export const PEOPLE_CONSUMER = 'chat-users';

/**
 * The chat routes (§7 Chat): one method per contract route, named as its key, delegating to a service; the
 * gateway's download check of chat files (bus-only); the projection of people's users (an event consumer).
 */
@Controller()
export class ChatController {
  constructor(
    private readonly roomsService: RoomsService,
    private readonly messages: MessagesService,
    private readonly files: ChatFilesService,
    private readonly people: ChatPeopleService,
  ) {}

  @RouteHandler(chatRoutes.rooms)
  rooms(input: In<'rooms'>, ctx: RequestContext) {
    return this.roomsService.rooms(input, ctx);
  }

  @RouteHandler(chatRoutes.room)
  room(input: In<'room'>, ctx: RequestContext) {
    return this.roomsService.room(input, ctx);
  }

  @RouteHandler(chatRoutes.create)
  create(input: In<'create'>, ctx: RequestContext) {
    return this.roomsService.create(input, ctx);
  }

  @RouteHandler(chatRoutes.update)
  update(input: In<'update'>, ctx: RequestContext) {
    return this.roomsService.update(input, ctx);
  }

  @RouteHandler(chatRoutes.remove)
  remove(input: In<'remove'>, ctx: RequestContext) {
    return this.roomsService.remove(input, ctx);
  }

  @RouteHandler(chatRoutes.leave)
  leave(input: In<'leave'>, ctx: RequestContext) {
    return this.roomsService.leave(input, ctx);
  }

  @RouteHandler(chatRoutes.msgs)
  msgs(input: In<'msgs'>, ctx: RequestContext) {
    return this.messages.msgs(input, ctx);
  }

  @RouteHandler(chatRoutes.send)
  send(input: In<'send'>, ctx: RequestContext) {
    return this.messages.send(input, ctx);
  }

  @RouteHandler(chatRoutes.edit)
  edit(input: In<'edit'>, ctx: RequestContext) {
    return this.messages.edit(input, ctx);
  }

  @RouteHandler(chatRoutes.delete)
  delete(input: In<'delete'>, ctx: RequestContext) {
    return this.messages.delete(input, ctx);
  }

  @RouteHandler(chatRoutes.seen)
  seen(input: In<'seen'>, ctx: RequestContext) {
    return this.messages.seen(input, ctx);
  }

  @RouteHandler(chatRoutes.typing)
  typing(input: In<'typing'>, ctx: RequestContext) {
    return this.messages.typing(input, ctx);
  }

  @SubjectHandler(chatFileSubjects.fileAccess)
  fileAccess(input: { key: string }, ctx: RequestContext) {
    return this.files.fileAccess(input, ctx);
  }

  /** evt.people.user.* → chat.people; durable PEOPLE_CONSUMER, replayed from the stream's start when first created. */
  @EventPattern('evt.people.user.*', { durable: PEOPLE_CONSUMER, replay: true })
  onPeopleUser(evt: BusEvent<Partial<UserEventData>>): Promise<void> {
    return this.people.project(evt);
  }
}
