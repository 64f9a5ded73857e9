/** Exposed as `lms/CoursesPage` (libs/lms/web). */
export { CoursesPage as default } from '@intranet/lms-web';
