/** Exposed as `bp/BpPage` (libs/bp/web). */
export { BpPage as default } from '@intranet/bp-web';
