import { fileURLToPath } from 'node:url';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { socialRoutes } from '@intranet/social-contract';
import type { BusEvent, EventHandler, RouteHandlers } from '@intranet/platform-bus';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { commentHandlers } from './comments.ts';
import { AUTHORS_CONSUMER, authorsProjection, peopleHandlers } from './people.ts';
import { groupHandlers, ideaHandlers } from './groups.ts';
import { postHandlers } from './posts.ts';
import { makeKit, type Kit } from './support.ts';
import { TASK_COMMENTS_CONSUMER, taskCommentsCleanup } from './task-comments.ts';

export { authors, comments, files, follows, groupGrants, groupMembers, groupPending, groups, ideas, likes, posts, views, violReports } from './schema.ts';
export { seedPosts } from './seed.ts';
export { FeedReadModel, WALL_WINDOW } from './feed-read-model.ts';
export { feedWhere, postsRepository } from './repository.ts';
export { cleanMessage, plainText } from './text.ts';
export { nextBirthday, AUTHORS_CONSUMER } from './people.ts';

/** Provider tokens: the shared helpers of the social handlers (Kit), the route handler map, the projection. */
export const SOCIAL_KIT = 'social:kit';
export const SOCIAL_ROUTES = 'social:routes';
export const SOCIAL_AUTHORS_PROJECTION = 'social:authorsProjection';
export const SOCIAL_TASK_COMMENTS = 'social:taskComments';

/** social's projection of people's users (authors: names, avatars, birthdays): a durable consumer. */
@Controller()
export class SocialProjectionController {
  constructor(
    @Inject(SOCIAL_AUTHORS_PROJECTION) private readonly authors: EventHandler,
    @Inject(SOCIAL_TASK_COMMENTS) private readonly taskComments: EventHandler,
  ) {}

  /** evt.people.user.* → social.authors; durable AUTHORS_CONSUMER, replayed from the stream's start when first created. */
  @EventPattern('evt.people.user.*', { durable: AUTHORS_CONSUMER, replay: true })
  onPeopleUser(evt: BusEvent): Promise<void> {
    return this.authors(evt);
  }

  /** evt.tasks.task.changed (deleted) → the task's comments go too; durable TASK_COMMENTS_CONSUMER. */
  @EventPattern('evt.tasks.task.changed', { durable: TASK_COMMENTS_CONSUMER })
  onTaskChanged(evt: BusEvent): Promise<void> {
    return this.taskComments(evt);
  }
}

/**
 * Keeps this replica's wall read model (issue 19) in step: every replica hears every social event (no durable
 * consumer: a copy each) and people's user events (authors' names and avatars in feed rows).
 */
@Controller()
export class SocialFeedController {
  constructor(@Inject(SOCIAL_KIT) private readonly kit: Kit) {}

  /** evt.social.> → the touched posts re-read, a liker's or viewer's flags dropped, or the window reloaded. */
  @EventPattern('evt.social.>')
  onSocial(evt: BusEvent): void {
    this.kit.feed?.changed(evt);
  }

  /**
   * evt.people.user.* → the client's window reloaded. The projection may be another replica's (a durable consumer
   * runs on one): reloaded again a second later, after it has stored the change.
   */
  @EventPattern('evt.people.user.*')
  onPeopleUser(evt: BusEvent): void {
    const feed = this.kit.feed;
    const clientId = evt.clientId;
    if (!feed || !clientId) return;
    feed.reload(clientId);
    setTimeout(() => feed.reload(clientId), 1000).unref();
  }
}

/**
 * The social domain (DESIGN §2): posts, feeds, comments, likes, views, mentions, thank-you posts, follows, the
 * thanks and birthdays widgets, and a projection of people's users for author names, avatars and birthdays.
 */
@Domain({
  name: 'social',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'social', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    { provide: SOCIAL_KIT, useFactory: makeKit, inject: [DOMAIN_DEPS] },
    {
      provide: SOCIAL_ROUTES,
      useFactory: (kit: Kit): RouteHandlers<typeof socialRoutes> => ({
        ...postHandlers(kit),
        ...commentHandlers(kit),
        ...peopleHandlers(kit),
        ...groupHandlers(kit),
        ...ideaHandlers(kit),
      }),
      inject: [SOCIAL_KIT],
    },
    { provide: SOCIAL_AUTHORS_PROJECTION, useFactory: authorsProjection, inject: [SOCIAL_KIT] },
    { provide: SOCIAL_TASK_COMMENTS, useFactory: taskCommentsCleanup, inject: [SOCIAL_KIT] },
  ],
  controllers: [RouteController('SocialRoutes', socialRoutes, SOCIAL_ROUTES), SocialProjectionController, SocialFeedController],
})
export class SocialModule {}
