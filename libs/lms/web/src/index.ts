/** Web pages of the lms domain (DESIGN §3), exposed to the shell by apps/lms-web. */
export { CoursePage } from './CoursePage.tsx';
export { CoursesPage } from './CoursesPage.tsx';
export { IdpPage } from './IdpPage.tsx';
