/** Exposed as `lms/StudentAnalyticsPage` (libs/lms/web). */
export { StudentAnalyticsPage as default } from '@intranet/lms-web';
