/** Exposed as `lms/TestEditor` (libs/lms/web). */
export { TestEditor as default } from '@intranet/lms-web';
