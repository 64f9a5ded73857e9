/** Exposed as `kb/VacancyPage` (libs/kb/web). */
export { VacancyPage as default } from '@intranet/kb-web';
