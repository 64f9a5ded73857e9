import { Inject, Injectable } from '@nestjs/common';
import type { analyticsRoutes } from '@intranet/analytics-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { AnalyticsRepository } from './analytics.repository.ts';
import { resolvePeriod, turnoverPercent } from './period.ts';

type R = typeof analyticsRoutes;
const WT_FILTER = { lt3m: [null, 3], '3m1y': [3, 12], '1y5y': [12, 60], '5y10y': [60, 120], '10y': [120, null] } as const;
const WT_BUCKETS = ['0-1', '1-3', '3-5', '5-10', '10+'];
const AGE_BUCKETS = ['<20', '20-30', '30-40', '40-50', '50+', 'unknown'];

/**
 * §7 Analytics: the reports (admins of the client named by the path; another client's id answers 404) and the
 * shell's session and module-visit reports (user and client from the session, never the body).
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    @Inject(PORTS.db) private readonly db: Database,
  ) {}

  /** The caller's client when the path names it. Errors: 404 another client, 403 no client. */
  private own(ctx: RequestContext, clientId: string): string {
    const caller = requireCaller(ctx);
    if (caller.clientId !== clientId) throw Errors.notFound();
    return caller.clientId;
  }

  /** POST api/analytics/visitors { sessions: [{ sessionStart, currentTime }] } → { recorded }. */
  async sessionRecord({ body }: RouteInput<R['sessionRecord']>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const rows = body.sessions
      .map((s) => ({ startedAt: new Date(s.sessionStart), endedAt: new Date(s.currentTime) }))
      .filter((s) => s.endedAt >= s.startedAt)
      .map((s) => ({ id: uuidv7(), clientId, userId, ...s }));
    await this.db.inTenant(ctx, (tx) => this.repo.addSessions(tx, rows));
    return { recorded: rows.length };
  }

  /** POST api/analytics/modules { visits: [{ moduleName, date }] } → { recorded }. */
  async moduleRecord({ body }: RouteInput<R['moduleRecord']>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const rows = body.visits.map((v) => ({ id: uuidv7(), clientId, userId, moduleName: v.moduleName, at: new Date(v.date) }));
    await this.db.inTenant(ctx, (tx) => this.repo.addVisits(tx, rows));
    return { recorded: rows.length };
  }

  /** GET api/analytics/visitors/{id}: sessions, mean daily active users, distinct users, by day. */
  async reportVisitors({ params, query }: RouteInput<R['reportVisitors']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const p = resolvePeriod(query);
    const v = await this.db.inTenant(ctx, (tx) => this.repo.visitors(tx, p.dateFrom, p.dateTo));
    const sessions = v.byDay.reduce((a, d) => a + d.sessions, 0);
    const minutes = v.byDay.reduce((a, d) => a + d.minutes, 0);
    const dau = Math.round((v.byDay.reduce((a, d) => a + d.users, 0) / p.days) * 100) / 100;
    return {
      dateFrom: p.dateFrom,
      dateTo: p.dateTo,
      sessions,
      avgSessionMinutes: sessions ? Math.round((minutes / sessions) * 10) / 10 : 0,
      dau,
      activeUsers: v.users,
      byDay: v.byDay.map(({ day, sessions: s, users }) => ({ day, sessions: s, users })),
    };
  }

  /** GET api/analytics/modules/{id}: visits and visitors per tracked module. */
  async reportModules({ params, query }: RouteInput<R['reportModules']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const p = resolvePeriod(query);
    const modules = await this.db.inTenant(ctx, (tx) => this.repo.modules(tx, p.dateFrom, p.dateTo));
    return { dateFrom: p.dateFrom, dateTo: p.dateTo, modules };
  }

  /** GET api/analytics/turnover/{id}: §9 deactivations / average active (start and end of the period) × 100. */
  async reportTurnover({ params, query }: RouteInput<R['reportTurnover']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const p = resolvePeriod(query);
    const t = await this.db.inTenant(ctx, (tx) => this.repo.turnover(tx, p.dateFrom, p.dateTo));
    return {
      dateFrom: p.dateFrom,
      dateTo: p.dateTo,
      ...t,
      averageActive: (t.activeAtStart + t.activeAtEnd) / 2,
      turnover: turnoverPercent(t.deactivations, t.activeAtStart, t.activeAtEnd),
    };
  }

  /** GET api/analytics/demography/{id}: §9 buckets of employees active on dateTo, filtered by working time / department. */
  async reportDemography({ params, query }: RouteInput<R['reportDemography']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const p = resolvePeriod(query);
    const [min, max] = query.workingTime ? WT_FILTER[query.workingTime] : [null, null];
    const rows = await this.db.inTenant(ctx, (tx) => this.repo.demography(tx, p.dateTo, min, max, query.department ?? null));
    const sum = (keys: string[], pick: (r: (typeof rows)[number]) => string) =>
      keys.map((key) => ({ key, count: rows.filter((r) => pick(r) === key).reduce((a, r) => a + r.count, 0) }));
    return { total: rows.reduce((a, r) => a + r.count, 0), workingTime: sum(WT_BUCKETS, (r) => r.wt), age: sum(AGE_BUCKETS, (r) => r.ag) };
  }

  /** GET api/analytics/positions/{id}: employees active on dateTo by position. */
  async reportPositions({ params, query }: RouteInput<R['reportPositions']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const groups = await this.db.inTenant(ctx, (tx) => this.repo.groups(tx, resolvePeriod(query).dateTo, 'position'));
    return { total: groups.reduce((a, g) => a + g.count, 0), groups };
  }

  /** GET api/analytics/departments/{id}: employees active on dateTo by department. */
  async reportDepartments({ params, query }: RouteInput<R['reportDepartments']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const groups = await this.db.inTenant(ctx, (tx) => this.repo.groups(tx, resolvePeriod(query).dateTo, 'department'));
    return { total: groups.reduce((a, g) => a + g.count, 0), groups };
  }

  /**
   * GET api/analytics/adaptations/{id}: adaptations started, finished and passing probation in the period, in progress
   * on dateTo (projection of the adaptation domain's events).
   */
  async reportAdaptations({ params, query }: RouteInput<R['reportAdaptations']>, ctx: RequestContext) {
    this.own(ctx, params.id);
    const p = resolvePeriod(query);
    const a = await this.db.inTenant(ctx, (tx) => this.repo.adaptations(tx, p.dateFrom, p.dateTo));
    return { dateFrom: p.dateFrom, dateTo: p.dateTo, ...a };
  }

  /** GET api/analytics/coins/{client_id}: coins accrued (less cancellations), spent and nullified, by day (shop events). */
  async reportCoins({ params, query }: RouteInput<R['reportCoins']>, ctx: RequestContext) {
    this.own(ctx, params.client_id);
    const p = resolvePeriod(query);
    const byDay = await this.db.inTenant(ctx, (tx) => this.repo.coins(tx, p.dateFrom, p.dateTo));
    const total = (k: 'accrued' | 'spent' | 'nullified') => byDay.reduce((a, d) => a + d[k], 0);
    return { dateFrom: p.dateFrom, dateTo: p.dateTo, accrued: total('accrued'), spent: total('spent'), nullified: total('nullified'), byDay };
  }
}
