/** Exposed as `admin/AppSettingsPage`: /app of the shell, §2 app settings (superadmin; libs/clients/web). */
export { AppSettingsPage as default } from '@intranet/clients-web';
