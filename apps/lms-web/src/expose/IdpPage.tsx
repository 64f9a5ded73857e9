/** Exposed as `lms/IdpPage` (libs/lms/web). */
export { IdpPage as default } from '@intranet/lms-web';
