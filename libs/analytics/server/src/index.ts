export { AnalyticsModule } from './analytics.module.ts';
export { employees, moodRatings, moodAnswers, sessions, moduleVisits, coinMovements, moduleDays, sessionDays } from './schema.ts';
export { ProjectionsRebuild } from './rebuild.ts';
