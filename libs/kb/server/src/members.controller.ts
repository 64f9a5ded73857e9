import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import type { BusEvent } from '@intranet/platform-bus';
import { MembersProjection, type PeopleUserEvent } from './members.projection.ts';

/** kb's projection of people's users (kb.members, the grants' view of employees): a durable consumer. */
@Controller()
export class MembersController {
  constructor(private readonly projection: MembersProjection) {}

  /** evt.people.user.* → kb.members; durable `kb-users`, replayed from the stream's start when first created. */
  @EventPattern('evt.people.user.*', { durable: 'kb-users', replay: true })
  onPeopleUser(evt: BusEvent<PeopleUserEvent>): Promise<void> {
    return this.projection.apply(evt);
  }
}
