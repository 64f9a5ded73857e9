/** Exposed as `bp/RequestPage` (libs/bp/web). */
export { RequestPage as default } from '@intranet/bp-web';
