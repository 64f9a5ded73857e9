/** Exposed as `analytics/MoodMeter` (libs/analytics/web). */
export { MoodMeter as default } from '@intranet/analytics-web';
