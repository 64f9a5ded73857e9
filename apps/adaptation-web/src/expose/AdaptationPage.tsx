/** Exposed as `adaptation/AdaptationPage` (libs/adaptation/web). */
export { AdaptationPage as default } from '@intranet/adaptation-web';
