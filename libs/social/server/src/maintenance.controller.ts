import { Controller } from '@nestjs/common';
import { socialSubjects } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { SubjectHandler } from '@intranet/platform-host';
import { FeedService } from './feed.service.ts';

/**
 * The social domain's maintenance task of a workspace (issue 36: "rebuild read models and projections"), asked over
 * the bus by the clients service on the superadmin's behalf (socialSubjects.rebuildReadModels).
 */
@Controller()
export class SocialMaintenanceController {
  constructor(private readonly feed: FeedService) {}

  /** Reloads the wall's read model of the client from the database (none when FEED_READ_MODEL is off: 0). Superadmin only. */
  @SubjectHandler(socialSubjects.rebuildReadModels)
  async rebuildReadModels(input: { clientId: string }, ctx: RequestContext) {
    if (!ctx.roles.includes('superadmin')) throw Errors.forbidden();
    return { wallPosts: this.feed.model ? await this.feed.model.rebuild(input.clientId) : 0 };
  }
}
