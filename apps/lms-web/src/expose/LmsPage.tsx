/** Exposed as `lms/LmsPage` (libs/lms/web). */
export { LmsPage as default } from '@intranet/lms-web';
