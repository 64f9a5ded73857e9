/** Web pages of the adaptation domain (DESIGN §3), exposed to the shell by apps/adaptation-web. */
export { AdaptationPage } from './AdaptationPage.tsx';
export { TrackPage } from './TrackPage.tsx';
export { JourneyPage } from './JourneyPage.tsx';
