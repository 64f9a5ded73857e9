import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import type { UserEventData } from '@intranet/people-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { pollsEvents } from '@intranet/polls-contract';
import { socialEvents } from '@intranet/social-contract';
import { AutoService } from './auto.service.ts';

/** `@EventPattern(subject, { durable })` for an event definition's subject (its payload is parsed by the handler). */
const Consume = (subject: string, durable: string) => EventPattern(subject, { durable }) as MethodDecorator;

/** The events the shop consumes for its automatic accruals (one durable consumer each; redelivery accrues nothing twice). */
@Controller()
export class ShopEventsController {
  constructor(private readonly auto: AutoService) {}

  /** evt.social.post.created → thank-you accrual. */
  @Consume(socialEvents.postCreated.subject, 'shop-thanks')
  onPost(evt: BusEvent) {
    return this.auto.onPost(evt as BusEvent<{ post: { _id: string; type: string; mentions: string[]; author: { _id: string } } }>);
  }

  /** evt.polls.poll.answered → poll accrual. */
  @Consume(pollsEvents.answered.subject, 'shop-poll-answered')
  onPollAnswered(evt: BusEvent) {
    return this.auto.onPollAnswered(evt as BusEvent<{ pollId: string; userId: string }>);
  }

  /** evt.social.idea.accepted → good idea accrual. */
  @Consume(socialEvents.ideaAccepted.subject, 'shop-idea-accepted')
  onIdeaAccepted(evt: BusEvent) {
    return this.auto.onIdeaAccepted(evt as BusEvent<{ _id: string; author_id: string }>);
  }

  /** evt.people.user.* → the shop's members (dates) and the profile completion accrual; replayed when first created. */
  @EventPattern('evt.people.user.*', { durable: 'shop-users', replay: true })
  onUser(evt: BusEvent<Partial<UserEventData>>) {
    return this.auto.onUser(evt);
  }
}
