/** Exposed as `bp/ServicePage` (libs/bp/web). */
export { ServicePage as default } from '@intranet/bp-web';
