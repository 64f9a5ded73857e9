/** Exposed as `adaptation/TrackPage` (libs/adaptation/web): the track editor /adaptation/{_id}. */
export { TrackPage as default } from '@intranet/adaptation-web';
