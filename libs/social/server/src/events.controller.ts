import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import type { UserEventData } from '@intranet/people-contract';
import { shopEvents } from '@intranet/shop-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { AUTHORS_CONSUMER, AuthorsService } from './authors.service.ts';
import { FeedService } from './feed.service.ts';
import { SHOP_POSTS_CONSUMER, ShopPostsService } from './shop-posts.service.ts';
import { TASK_COMMENTS_CONSUMER, TaskCommentsService } from './task-comments.service.ts';

/** social's durable consumers: its projection of people's users (authors), the task-deletion cleanup, the shop's wall posts. */
@Controller()
export class SocialProjectionController {
  constructor(
    private readonly authors: AuthorsService,
    private readonly taskComments: TaskCommentsService,
    private readonly shopPosts: ShopPostsService,
  ) {}

  /** evt.people.user.* → social.authors; durable AUTHORS_CONSUMER, replayed from the stream's start when first created. */
  @EventPattern('evt.people.user.*', { durable: AUTHORS_CONSUMER, replay: true })
  onPeopleUser(evt: BusEvent<Partial<UserEventData>>): Promise<void> {
    return this.authors.project(evt);
  }

  /** evt.tasks.task.changed (deleted) → the task's comments go too; durable TASK_COMMENTS_CONSUMER. */
  @EventPattern('evt.tasks.task.changed', { durable: TASK_COMMENTS_CONSUMER })
  onTaskChanged(evt: BusEvent): Promise<void> {
    return this.taskComments.onTaskChanged(evt);
  }

  /** evt.shop.accrual.made (publish to wall) → a system post; durable SHOP_POSTS_CONSUMER. */
  @(EventPattern(shopEvents.accrued.subject, { durable: SHOP_POSTS_CONSUMER }) as MethodDecorator)
  onShopAccrual(evt: BusEvent): Promise<void> {
    return this.shopPosts.onAccrued(evt);
  }
}

/**
 * Keeps this replica's wall read model (issue 19) in step: every replica hears every social event (no durable
 * consumer: a copy each) and people's user events (authors' names and avatars in feed rows).
 */
@Controller()
export class SocialFeedController {
  constructor(private readonly feed: FeedService) {}

  /** evt.social.> → the touched posts re-read, a liker's or viewer's flags dropped, or the window reloaded. */
  @EventPattern('evt.social.>')
  onSocial(evt: BusEvent): void {
    this.feed.model?.changed(evt);
  }

  /**
   * evt.people.user.* → the client's window reloaded. The projection may be another replica's (a durable consumer
   * runs on one): reloaded again a second later, after it has stored the change.
   */
  @EventPattern('evt.people.user.*')
  onPeopleUser(evt: BusEvent): void {
    const model = this.feed.model;
    const clientId = evt.clientId;
    if (!model || !clientId) return;
    model.reload(clientId);
    setTimeout(() => model.reload(clientId), 1000).unref();
  }
}
