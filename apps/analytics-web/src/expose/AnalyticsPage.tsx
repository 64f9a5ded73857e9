/** Exposed as `analytics/AnalyticsPage` (libs/analytics/web). */
export { AnalyticsPage as default } from '@intranet/analytics-web';
