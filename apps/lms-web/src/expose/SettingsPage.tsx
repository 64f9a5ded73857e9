/** Exposed as `lms/SettingsPage` (libs/lms/web). */
export { SettingsPage as default } from '@intranet/lms-web';
