/**
 * Web pages of the people domain (DESIGN §3 libs/<domain>/web): employee administration (/employees), the company
 * structure (/structure_new) and vacations (/vacations) of §2. Exposed to the shell by the admin remote (apps/admin-web).
 */
export { default as EmployeesPage } from './EmployeesPage.tsx';
export { default as StructurePage } from './StructurePage.tsx';
export { default as VacationsPage } from './VacationsPage.tsx';
export { CSV_COLUMNS } from './ImportModal.tsx';
