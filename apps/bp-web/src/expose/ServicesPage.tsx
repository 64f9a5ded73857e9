/** Exposed as `bp/ServicesPage` (libs/bp/web). */
export { ServicesPage as default } from '@intranet/bp-web';
