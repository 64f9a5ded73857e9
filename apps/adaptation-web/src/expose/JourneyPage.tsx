/** Exposed as `adaptation/JourneyPage` (libs/adaptation/web): one adaptation /adaptation/user/{adapt_id}. */
export { JourneyPage as default } from '@intranet/adaptation-web';
