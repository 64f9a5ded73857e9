/** Exposed as `admin/AdminPanelPage`: /admin of the shell, §2 admin panel (libs/clients/web). */
export { AdminPanelPage as default } from '@intranet/clients-web';
