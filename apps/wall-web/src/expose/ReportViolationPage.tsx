/** Exposed as `wall/ReportViolationPage` (libs/social/web). */
export { ReportViolationPage as default } from '@intranet/social-web';
