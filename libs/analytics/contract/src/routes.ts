import { access, defineRoute, Id, z } from '@intranet/platform-contracts';
import {
  adaptationsReport,
  coinsReport,
  demographyQuery,
  demographyReport,
  groupsReport,
  moduleVisitReport,
  modulesReport,
  moodBody,
  moodCheck,
  moodStat,
  moodStatQuery,
  periodQuery,
  sessionReport,
  turnoverReport,
  visitorsReport,
} from './schemas.ts';

const clientParam = z.object({ id: Id });
const recorded = z.object({ recorded: z.number().int() });

/** A report of §7 Analytics: GET api/analytics/<name>/{id} (id = the client) with optional dateFrom and dateTo. */
const report = <R extends z.ZodTypeAny>(name: string, summary: string, result: R) =>
  defineRoute({
    method: 'GET',
    path: `/api/analytics/${name}/{id}`,
    subject: `analytics.report.${name}`,
    summary,
    spec: '§7 Analytics, §2 analytics tabs, §9',
    access: access.admin,
    params: clientParam,
    query: periodQuery,
    result,
  });

/** The §7 Analytics and Mood routes (exact paths) plus the departments tab's route (no §7 path: same style). */
export const analyticsRoutes = {
  reportVisitors: report('visitors', 'Sessions, daily and period active users, by day, of the client in the period', visitorsReport),
  reportTurnover: report(
    'turnover',
    'Turnover = deactivations in the period / average active users × 100 (§9); the dismissal day is the last working day',
    turnoverReport,
  ),
  reportAdaptations: report(
    'adaptations',
    'Adaptations started, finished and in progress (projection of adaptation events; empty until that domain publishes them)',
    adaptationsReport,
  ),
  reportDemography: defineRoute({
    method: 'GET',
    path: '/api/analytics/demography/{id}',
    subject: 'analytics.report.demography',
    summary: 'Active employees by working-time and age buckets (§9), optionally filtered by working time and department',
    spec: '§7 Analytics, §9 demography buckets and filters',
    access: access.admin,
    params: clientParam,
    query: demographyQuery,
    result: demographyReport,
  }),
  reportPositions: report('positions', 'Active employees by position', groupsReport),
  reportDepartments: report('departments', 'Active employees by department (departments tab; no §7 path, same style as positions)', groupsReport),
  reportModules: report('modules', 'Module visits and visitor-days (a person counted once a day) per tracked module in the period, from a daily rollup', modulesReport),
  reportCoins: defineRoute({
    method: 'GET',
    path: '/api/analytics/coins/{client_id}',
    subject: 'analytics.report.coins',
    summary: 'Coins accrued (less cancellations), spent and nullified, by day (projection of shop events)',
    spec: '§7 Analytics',
    access: access.admin,
    params: z.object({ client_id: Id }),
    query: periodQuery,
    result: coinsReport,
  }),
  sessionRecord: defineRoute({
    method: 'POST',
    path: '/api/analytics/visitors',
    subject: 'analytics.session.record',
    summary: 'Records the shell’s batched session reports (§4: after 10 minutes of inactivity); user and client from the session',
    spec: '§7 Analytics, §3 session report, §4 session reporting',
    access: access.authenticated,
    body: z.object({ sessions: z.array(sessionReport).min(1).max(100) }),
    result: recorded,
  }),
  moduleRecord: defineRoute({
    method: 'POST',
    path: '/api/analytics/modules',
    subject: 'analytics.module.record',
    summary: 'Records the shell’s batched module visits (§2 navigation rule); user and client from the session',
    spec: '§7 Analytics, §3 module visit, §2',
    access: access.authenticated,
    body: z.object({ visits: z.array(moduleVisitReport).min(1).max(100) }),
    result: recorded,
  }),
  moodCheck: defineRoute({
    method: 'GET',
    path: '/api/mood/check/{id}',
    subject: 'analytics.mood.check',
    summary: 'Whether the mood meter should ask this user (id = the user, oneself): once per analysis period; never the superadmin',
    spec: '§7 Mood, §2 root layout, §9',
    access: access.authenticated,
    params: z.object({ id: Id }),
    result: moodCheck,
  }),
  moodRate: defineRoute({
    method: 'POST',
    path: '/api/mood',
    subject: 'analytics.mood.rate',
    summary: 'Stores a mood rating 1-10 with no user and only its day; who answered this period is kept apart',
    spec: '§7 Mood, §3 mood rating, §9 scale 1-10',
    access: access.authenticated,
    body: moodBody,
    result: z.object({ ok: z.literal(true) }),
  }),
  moodStat: defineRoute({
    method: 'GET',
    path: '/api/mood/stat/{client}/{from}/{to}',
    subject: 'analytics.mood.stat',
    summary: 'Mood averages by analysis period and department; any group under 5 ratings is hidden (never one person’s mood)',
    spec: '§7 Mood, §2 employee administration mood statistics',
    access: access.admin,
    // from/to are checked as days by the service after the client (another client's id answers 404 first).
    params: z.object({ client: Id, from: z.string().max(40), to: z.string().max(40) }),
    query: moodStatQuery,
    result: moodStat,
  }),
};
