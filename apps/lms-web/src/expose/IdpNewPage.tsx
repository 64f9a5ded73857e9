/** Exposed as `lms/IdpNewPage` (libs/lms/web). */
export { IdpNewPage as default } from '@intranet/lms-web';
