/** Exposed as `admin/ClientsPage`: /clients of the shell (libs/clients/web). */
export { ClientsPage as default } from '@intranet/clients-web';
