/** Exposed as `lms/NewCoursePage` (libs/lms/web). */
export { NewCoursePage as default } from '@intranet/lms-web';
