/** Exposed as `kb/VacanciesPage` (libs/kb/web). */
export { VacanciesPage as default } from '@intranet/kb-web';
