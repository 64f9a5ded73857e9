/** Exposed as `lms/IdpPlanPage` (libs/lms/web). */
export { IdpPlanPage as default } from '@intranet/lms-web';
