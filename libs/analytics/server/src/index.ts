export { AnalyticsModule } from './analytics.module.ts';
export { employees, moodRatings, moodAnswers, sessions, moduleVisits, coinMovements } from './schema.ts';
