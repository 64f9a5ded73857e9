/** Exposed as `analytics/MoodStatsTab` (libs/analytics/web). */
export { MoodStatsTab as default } from '@intranet/analytics-web';
