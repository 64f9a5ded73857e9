import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ANALYTICS_ERRORS, MOOD_MAX, MOOD_MIN, MOOD_MIN_GROUP, type analyticsRoutes } from '@intranet/analytics-contract';
import { clientSubjects } from '@intranet/clients-contract';
import { ask, requireCaller, systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { AnalyticsRepository } from './analytics.repository.ts';
import { moodGroups } from './mood-groups.ts';
import { moodPeriodStart } from './period.ts';

type R = typeof analyticsRoutes;

/**
 * §7 Mood. A rating is stored with no user and only its period's first day; who answered which period is a separate
 * table with no rating. Statistics come from mood-groups.ts: no group under MOOD_MIN_GROUP ratings is ever shown.
 */
@Injectable()
export class MoodService {
  constructor(
    private readonly repo: AnalyticsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
  ) {}

  /**
   * GET api/mood/check/{id} → { need }: false for the superadmin, when the client's `settings.hideMoodMeter` is set
   * (asked of the clients service: a domain never reads another's schema) and once answered this period.
   * Errors: 404 not oneself.
   */
  async moodCheck({ params }: RouteInput<R['moodCheck']>, ctx: RequestContext) {
    if (ctx.roles.includes('superadmin')) return { need: false };
    const caller = requireCaller(ctx);
    if (params.id !== caller.userId) throw Errors.notFound();
    const client = await ask(this.bus, clientSubjects.internalGet, systemContext(), { id: caller.clientId });
    if (client.settings.hideMoodMeter) return { need: false };
    const answered = await this.db.inTenant(ctx, async (tx) =>
      this.repo.answered(tx, caller.userId, moodPeriodStart(new Date(), await this.repo.moodPeriodWeeks(tx))),
    );
    return { need: !answered };
  }

  /** POST api/mood { rating 1-10 }. Errors: 400 moodOutOfRange, 403 superadmin, 409 already rated this period. */
  async moodRate({ body }: RouteInput<R['moodRate']>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (caller.roles.includes('superadmin')) throw Errors.coded(ANALYTICS_ERRORS.moodNotForSuperadmin);
    if (body.rating < MOOD_MIN || body.rating > MOOD_MAX) throw Errors.fieldCoded('rating', ANALYTICS_ERRORS.moodOutOfRange);
    await this.db.inTenant(ctx, async (tx) => {
      const period = moodPeriodStart(new Date(), await this.repo.moodPeriodWeeks(tx));
      if (!(await this.repo.markAnswered(tx, caller.clientId, caller.userId, period))) throw Errors.coded(ANALYTICS_ERRORS.moodAlreadyRated);
      const me = await this.repo.employee(tx, caller.userId);
      // A random (v4) id: a UUIDv7 would carry the rating's time to the millisecond.
      await this.repo.addRating(tx, { id: randomUUID(), clientId: caller.clientId, department: me?.department ?? null, rating: body.rating, day: period });
    });
    return { ok: true as const };
  }

  /** GET api/mood/stat/{client}/{from}/{to}?department → aggregates by period and department (groups under 5 hidden). */
  async moodStat({ params, query }: RouteInput<R['moodStat']>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (caller.clientId !== params.client) throw Errors.notFound();
    const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
    if (!isDay(params.from)) throw Errors.fieldCoded('from', ANALYTICS_ERRORS.dayInvalid);
    if (!isDay(params.to)) throw Errors.fieldCoded('to', ANALYTICS_ERRORS.dayInvalid);
    if (params.to < params.from) throw Errors.coded(ANALYTICS_ERRORS.periodInvalid);
    const cells = await this.db.inTenant(ctx, async (tx) => {
      const from = moodPeriodStart(new Date(params.from), await this.repo.moodPeriodWeeks(tx));
      return this.repo.moodCells(tx, from, params.to, query.department ?? null);
    });
    return { minGroup: MOOD_MIN_GROUP, ...moodGroups(cells) };
  }

  /** GET api/mood/settings/{client} → { periodWeeks }. Errors: 404 another client. */
  async moodSettingsGet({ params }: RouteInput<R['moodSettingsGet']>, ctx: RequestContext) {
    if (requireCaller(ctx).clientId !== params.client) throw Errors.notFound();
    return { periodWeeks: await this.db.inTenant(ctx, (tx) => this.repo.moodPeriodWeeks(tx)) };
  }

  /** PUT api/mood/settings/{client} { periodWeeks 1 | 2 } → the setting. Errors: 404 another client, 400 not 1 or 2. */
  async moodSettingsSet({ params, body }: RouteInput<R['moodSettingsSet']>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (caller.clientId !== params.client) throw Errors.notFound();
    await this.db.inTenant(ctx, (tx) => this.repo.setMoodPeriodWeeks(tx, caller.clientId, body.periodWeeks));
    return { periodWeeks: body.periodWeeks };
  }
}
