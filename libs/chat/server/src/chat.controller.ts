import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { chatFileSubjects, chatRoutes } from '@intranet/chat-contract';
import type { UserEventData } from '@intranet/people-contract';
import type { BusEvent, RequestContext, RouteHandlers } from '@intranet/platform-bus';
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
export class ChatController implements RouteHandlers<typeof chatRoutes> {
  constructor(
    private readonly roomsService: RoomsService,
    private readonly messages: MessagesService,
    private readonly files: ChatFilesService,
    private readonly people: ChatPeopleService,
  ) {}

  /** chat.room.list — GET api/chat/rooms/{id}. */
  @RouteHandler(chatRoutes.roomList)
  roomList(input: In<'roomList'>, ctx: RequestContext) {
    return this.roomsService.roomList(input, ctx);
  }

  /** chat.room.get — GET api/chat/room/{id}. */
  @RouteHandler(chatRoutes.roomGet)
  roomGet(input: In<'roomGet'>, ctx: RequestContext) {
    return this.roomsService.roomGet(input, ctx);
  }

  /** chat.room.create — POST api/chat/room. */
  @RouteHandler(chatRoutes.roomCreate)
  roomCreate(input: In<'roomCreate'>, ctx: RequestContext) {
    return this.roomsService.roomCreate(input, ctx);
  }

  /** chat.room.update — PUT api/chat/room. */
  @RouteHandler(chatRoutes.roomUpdate)
  roomUpdate(input: In<'roomUpdate'>, ctx: RequestContext) {
    return this.roomsService.roomUpdate(input, ctx);
  }

  /** chat.room.delete — DELETE api/chat/room/{id}. */
  @RouteHandler(chatRoutes.roomDelete)
  roomDelete(input: In<'roomDelete'>, ctx: RequestContext) {
    return this.roomsService.roomDelete(input, ctx);
  }

  /** chat.room.leave — POST api/chat/room/{id}/leave. */
  @RouteHandler(chatRoutes.roomLeave)
  roomLeave(input: In<'roomLeave'>, ctx: RequestContext) {
    return this.roomsService.roomLeave(input, ctx);
  }

  /** chat.msg.list — GET api/chat/room/{id}/msgs. */
  @RouteHandler(chatRoutes.msgList)
  msgList(input: In<'msgList'>, ctx: RequestContext) {
    return this.messages.msgList(input, ctx);
  }

  /** chat.msg.create — POST api/chat/msg. */
  @RouteHandler(chatRoutes.msgCreate)
  msgCreate(input: In<'msgCreate'>, ctx: RequestContext) {
    return this.messages.msgCreate(input, ctx);
  }

  /** chat.msg.update — PUT api/chat/msg/{id}. */
  @RouteHandler(chatRoutes.msgUpdate)
  msgUpdate(input: In<'msgUpdate'>, ctx: RequestContext) {
    return this.messages.msgUpdate(input, ctx);
  }

  /** chat.msg.delete — DELETE api/chat/msg/{id}. */
  @RouteHandler(chatRoutes.msgDelete)
  msgDelete(input: In<'msgDelete'>, ctx: RequestContext) {
    return this.messages.msgDelete(input, ctx);
  }

  /** chat.room.seen — PUT api/chat/room/{id}/seen. */
  @RouteHandler(chatRoutes.roomSeen)
  roomSeen(input: In<'roomSeen'>, ctx: RequestContext) {
    return this.messages.roomSeen(input, ctx);
  }

  /** chat.room.typing — POST api/chat/room/{id}/typing. */
  @RouteHandler(chatRoutes.roomTyping)
  roomTyping(input: In<'roomTyping'>, ctx: RequestContext) {
    return this.messages.roomTyping(input, ctx);
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
