/**
 * Web pages of the people domain (DESIGN §3 libs/<domain>/web): employee administration (/employees, §2).
 * Exposed to the shell by the admin remote (apps/admin-web).
 */
export { default as EmployeesPage } from './EmployeesPage.tsx';
export { CSV_COLUMNS } from './ImportModal.tsx';
