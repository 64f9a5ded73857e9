/** Exposed as `lms/CoursePage` (libs/lms/web). */
export { CoursePage as default } from '@intranet/lms-web';
