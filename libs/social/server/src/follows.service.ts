import { Inject, Injectable } from '@nestjs/common';
import { SOCIAL_ERRORS, socialEvents, type socialRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { isOwnClient } from './access.ts';
import { AuthorsRepository, FollowsRepository } from './authors.repository.ts';
import { AuthorsService } from './authors.service.ts';
import { FeedService } from './feed.service.ts';
import { birthdayList } from './mapping.ts';
import { feedWhere } from './posts.repository.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** Follows, the thanks widget and the birthdays widget (§7 Follow, §7 Clients all_thanks and birthdays). */
@Injectable()
export class FollowsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly authors: AuthorsService,
    private readonly feed: FeedService,
    private readonly follows: FollowsRepository,
    private readonly people: AuthorsRepository,
  ) {}

  private async followState(ctx: RequestContext, userId: string, following: boolean) {
    const { clientId, userId: me } = requireCaller(ctx);
    const followers = await this.db.inTenant(ctx, async (tx) => {
      if (following) await this.follows.add(tx, clientId, me, userId);
      else await this.follows.remove(tx, me, userId);
      const n = await this.follows.followers(tx, userId);
      await this.outbox.add(tx, socialEvents.followChanged, clientId, { follower_id: me, user_id: userId, following, followers: n });
      return n;
    });
    return { user_id: userId, following, followers };
  }

  /** §7 POST api/follow {user_id}: follow a colleague (again is harmless). Errors: 'User not found', cannot follow yourself. */
  async follow({ body }: In<'followAdd'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    if (body.user_id === userId) throw Errors.fieldCoded('user_id', SOCIAL_ERRORS.cannotFollowSelf);
    await this.authors.ensure(ctx, [body.user_id], { field: 'user_id', strict: true });
    return this.followState(ctx, body.user_id, true);
  }

  /** §7 POST api/unfollow {user_id}: stop following (not following is harmless). Errors: 'User not found' (another client's too). */
  async unfollow({ body }: In<'followRemove'>, ctx: RequestContext) {
    requireCaller(ctx);
    await this.authors.ensure(ctx, [body.user_id], { field: 'user_id', strict: true });
    return this.followState(ctx, body.user_id, false);
  }

  /** §7 GET api/clients/{id}/all_thanks: the client's thank-you posts, newest first, 20 a page. Errors: 404 for another client. */
  allThanks({ params, query }: In<'thanksAll'>, ctx: RequestContext) {
    if (!isOwnClient(requireCaller(ctx).clientId, params.id)) throw Errors.notFound();
    return this.feed.pageOf(ctx, feedWhere.thanks, query);
  }

  /**
   * §7 GET api/clients/{id}/birthdays?days&today&offset&limit: employees (not deleted) by their next birthday, from
   * social's projection of people (see `birthdayList`). Errors: 404 for another client.
   */
  async birthdays({ params, query }: In<'birthdayList'>, ctx: RequestContext) {
    const { clientId } = requireCaller(ctx);
    if (!isOwnClient(clientId, params.id)) throw Errors.notFound();
    const rows = await this.db.inTenant(ctx, (tx) => this.people.withBirthdays(tx, clientId));
    return birthdayList(rows, { ...query, today: query.today ?? new Date().toISOString().slice(0, 10) });
  }
}
