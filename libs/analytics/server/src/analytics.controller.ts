import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { analyticsRoutes } from '@intranet/analytics-contract';
import type { PeopleUserEventData } from '@intranet/people-contract';
import type { BusEvent, RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { AdaptationsProjection } from './adaptations.projection.ts';
import { CoinsProjection } from './coins.projection.ts';
import { EmployeesProjection } from './employees.projection.ts';
import { MoodService } from './mood.service.ts';
import { ReportsService } from './reports.service.ts';

type R = typeof analyticsRoutes;

/** The §7 Analytics and Mood routes (one method per route, delegating) and the people, shop and adaptation projections' consumers. */
@Controller()
export class AnalyticsController implements RouteHandlers<R> {
  constructor(
    private readonly reports: ReportsService,
    private readonly mood: MoodService,
    private readonly employees: EmployeesProjection,
    private readonly coins: CoinsProjection,
    private readonly adaptations: AdaptationsProjection,
  ) {}

  /** evt.people.user.* → analytics.employees; durable `analytics-users`, replayed from the stream's start. */
  @EventPattern('evt.people.user.*', { durable: 'analytics-users', replay: true })
  onPeopleUser(evt: BusEvent<PeopleUserEventData>): Promise<void> {
    return this.employees.apply(evt);
  }

  /** evt.shop.* → analytics.coin_movements; durable `analytics-coins`, replayed from the stream's start. */
  @EventPattern('evt.shop.>', { durable: 'analytics-coins', replay: true })
  onShop(evt: BusEvent): Promise<void> {
    return this.coins.apply(evt);
  }

  /** evt.adaptation.* → analytics.adaptations; durable `analytics-adaptations`, replayed from the stream's start. */
  @EventPattern('evt.adaptation.>', { durable: 'analytics-adaptations', replay: true })
  onAdaptation(evt: BusEvent): Promise<void> {
    return this.adaptations.apply(evt);
  }

  /** GET api/analytics/visitors/{id}. */
  @RouteHandler(analyticsRoutes.reportVisitors)
  reportVisitors(input: RouteInput<R['reportVisitors']>, ctx: RequestContext) {
    return this.reports.reportVisitors(input, ctx);
  }

  /** GET api/analytics/turnover/{id}. */
  @RouteHandler(analyticsRoutes.reportTurnover)
  reportTurnover(input: RouteInput<R['reportTurnover']>, ctx: RequestContext) {
    return this.reports.reportTurnover(input, ctx);
  }

  /** GET api/analytics/adaptations/{id}. */
  @RouteHandler(analyticsRoutes.reportAdaptations)
  reportAdaptations(input: RouteInput<R['reportAdaptations']>, ctx: RequestContext) {
    return this.reports.reportAdaptations(input, ctx);
  }

  /** GET api/analytics/demography/{id}. */
  @RouteHandler(analyticsRoutes.reportDemography)
  reportDemography(input: RouteInput<R['reportDemography']>, ctx: RequestContext) {
    return this.reports.reportDemography(input, ctx);
  }

  /** GET api/analytics/positions/{id}. */
  @RouteHandler(analyticsRoutes.reportPositions)
  reportPositions(input: RouteInput<R['reportPositions']>, ctx: RequestContext) {
    return this.reports.reportPositions(input, ctx);
  }

  /** GET api/analytics/departments/{id}. */
  @RouteHandler(analyticsRoutes.reportDepartments)
  reportDepartments(input: RouteInput<R['reportDepartments']>, ctx: RequestContext) {
    return this.reports.reportDepartments(input, ctx);
  }

  /** GET api/analytics/modules/{id}. */
  @RouteHandler(analyticsRoutes.reportModules)
  reportModules(input: RouteInput<R['reportModules']>, ctx: RequestContext) {
    return this.reports.reportModules(input, ctx);
  }

  /** GET api/analytics/coins/{client_id}. */
  @RouteHandler(analyticsRoutes.reportCoins)
  reportCoins(input: RouteInput<R['reportCoins']>, ctx: RequestContext) {
    return this.reports.reportCoins(input, ctx);
  }

  /** POST api/analytics/visitors. */
  @RouteHandler(analyticsRoutes.sessionRecord)
  sessionRecord(input: RouteInput<R['sessionRecord']>, ctx: RequestContext) {
    return this.reports.sessionRecord(input, ctx);
  }

  /** POST api/analytics/modules. */
  @RouteHandler(analyticsRoutes.moduleRecord)
  moduleRecord(input: RouteInput<R['moduleRecord']>, ctx: RequestContext) {
    return this.reports.moduleRecord(input, ctx);
  }

  /** GET api/mood/check/{id}. */
  @RouteHandler(analyticsRoutes.moodCheck)
  moodCheck(input: RouteInput<R['moodCheck']>, ctx: RequestContext) {
    return this.mood.moodCheck(input, ctx);
  }

  /** POST api/mood. */
  @RouteHandler(analyticsRoutes.moodRate)
  moodRate(input: RouteInput<R['moodRate']>, ctx: RequestContext) {
    return this.mood.moodRate(input, ctx);
  }

  /** GET api/mood/stat/{client}/{from}/{to}. */
  @RouteHandler(analyticsRoutes.moodStat)
  moodStat(input: RouteInput<R['moodStat']>, ctx: RequestContext) {
    return this.mood.moodStat(input, ctx);
  }

  /** GET api/mood/settings/{client}. */
  @RouteHandler(analyticsRoutes.moodSettingsGet)
  moodSettingsGet(input: RouteInput<R['moodSettingsGet']>, ctx: RequestContext) {
    return this.mood.moodSettingsGet(input, ctx);
  }

  /** PUT api/mood/settings/{client}. */
  @RouteHandler(analyticsRoutes.moodSettingsSet)
  moodSettingsSet(input: RouteInput<R['moodSettingsSet']>, ctx: RequestContext) {
    return this.mood.moodSettingsSet(input, ctx);
  }
}
