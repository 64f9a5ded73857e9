import { fileURLToPath } from 'node:url';
import { peopleClient } from '@intranet/people-contract/lookup';
import type { Bus } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import { Domain, PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { fileSigner } from '@intranet/platform-storage';
import { AuthorsRepository, FollowsRepository } from './authors.repository.ts';
import { AuthorsService } from './authors.service.ts';
import { CommentsController } from './comments.controller.ts';
import { CommentsRepository, FilesRepository } from './comments.repository.ts';
import { CommentsService } from './comments.service.ts';
import { EngagementService } from './engagement.service.ts';
import { SocialFeedController, SocialProjectionController } from './events.controller.ts';
import { SocialMaintenanceController } from './maintenance.controller.ts';
import { feedOutbox, FeedService } from './feed.service.ts';
import { FeedsService } from './feeds.service.ts';
import { FilesService } from './files.service.ts';
import { FollowsController } from './follows.controller.ts';
import { FollowsService } from './follows.service.ts';
import { GroupStateService } from './group-state.service.ts';
import { GroupsController } from './groups.controller.ts';
import { GroupsRepository } from './groups.repository.ts';
import { GroupsService } from './groups.service.ts';
import { IdeasController } from './ideas.controller.ts';
import { IdeasRepository, ReportsRepository } from './ideas.repository.ts';
import { IdeasService } from './ideas.service.ts';
import { MembershipService } from './membership.service.ts';
import { PostsController } from './posts.controller.ts';
import { LikesRepository, PostsRepository, ViewsRepository } from './posts.repository.ts';
import { PostsService } from './posts.service.ts';
import { ReportsController } from './reports.controller.ts';
import { ReportsService } from './reports.service.ts';
import { PEOPLE_CLIENT, SOCIAL_OUTBOX, SOCIAL_SIGNER } from './social.tokens.ts';
import { TaskAccessService } from './task-access.service.ts';
import { TaskCommentsService } from './task-comments.service.ts';
import { ShopPostsService } from './shop-posts.service.ts';
import { socialTenant } from './tenant.ts';

/**
 * The social domain (DESIGN §2): posts, feeds, comments, likes, views, mentions, thank-you posts, follows, groups,
 * ideas and violation reports, the thanks and birthdays widgets, and a projection of people's users for author
 * names, avatars and birthdays.
 */
@Domain({
  name: 'social',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'social', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [
    socialTenant.controller,
    PostsController,
    CommentsController,
    FollowsController,
    GroupsController,
    IdeasController,
    ReportsController,
    SocialProjectionController,
    SocialFeedController,
    SocialMaintenanceController,
  ],
  providers: [
    socialTenant.provider,
    // The platform's one signer, with the portal's secret (the gateway checks the same one).
    { provide: SOCIAL_SIGNER, useFactory: (config: Config) => fileSigner(config.JWT_SECRET), inject: [PORTS.config] },
    { provide: PEOPLE_CLIENT, useFactory: (bus: Bus) => peopleClient(bus), inject: [PORTS.bus] },
    { provide: SOCIAL_OUTBOX, useFactory: (outbox: Outbox, feed: FeedService) => feedOutbox(outbox, feed), inject: [PORTS.outbox, FeedService] },
    PostsRepository,
    LikesRepository,
    ViewsRepository,
    CommentsRepository,
    FilesRepository,
    AuthorsRepository,
    FollowsRepository,
    GroupsRepository,
    IdeasRepository,
    ReportsRepository,
    FeedService,
    AuthorsService,
    FilesService,
    TaskAccessService,
    TaskCommentsService,
    ShopPostsService,
    FeedsService,
    PostsService,
    EngagementService,
    CommentsService,
    FollowsService,
    GroupStateService,
    GroupsService,
    MembershipService,
    IdeasService,
    ReportsService,
  ],
})
export class SocialModule {}
