/** Exposed as `lms/LessonEditor` (libs/lms/web). */
export { LessonEditor as default } from '@intranet/lms-web';
