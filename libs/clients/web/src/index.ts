/**
 * Web pages of the clients domain (DESIGN §3 libs/<domain>/web): client management (/clients, §2, superadmin).
 * Exposed to the shell by the admin remote (apps/admin-web).
 */
export { default as ClientsPage } from './ClientsPage.tsx';
export { default as AdminPanelPage } from './AdminPanelPage.tsx';
export { default as AppSettingsPage } from './AppSettingsPage.tsx';
export { DesignTab } from './DesignTab.tsx';
