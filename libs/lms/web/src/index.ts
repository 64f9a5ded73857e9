/** Web pages of the lms domain (DESIGN §3), exposed to the shell by apps/lms-web. */
export { AnalyticsPage, StudentAnalyticsPage } from './AnalyticsPage.tsx';
export { CoursePage } from './CoursePage.tsx';
export { CoursesPage } from './CoursesPage.tsx';
export { IdpNewPage } from './IdpNewPage.tsx';
export { IdpPage } from './IdpPage.tsx';
export { IdpPlanPage } from './IdpPlanPage.tsx';
export { LessonEditor } from './LessonEditor.tsx';
export { NewCoursePage } from './NewCoursePage.tsx';
export { SettingsPage } from './SettingsPage.tsx';
export { TestEditor } from './TestEditor.tsx';
