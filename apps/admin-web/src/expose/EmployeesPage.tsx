/** Exposed as `admin/EmployeesPage`: /employees of the shell (libs/people/web). */
export { EmployeesPage as default } from '@intranet/people-web';
