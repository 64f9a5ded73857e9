/** Exposed as `lms/AnalyticsPage` (libs/lms/web). */
export { AnalyticsPage as default } from '@intranet/lms-web';
