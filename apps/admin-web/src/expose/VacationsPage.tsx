/** Exposed as `admin/VacationsPage`: /vacations of the shell (libs/people/web). */
export { VacationsPage as default } from '@intranet/people-web';
