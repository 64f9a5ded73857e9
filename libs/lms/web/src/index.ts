/** Web pages of the lms domain (DESIGN §3), exposed to the shell by apps/lms-web. */
export { LmsPage } from './LmsPage.tsx';
