import { Route } from 'react-router';
import { AdaptationPage, JourneyPage, TrackPage } from '@intranet/adaptation-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/adaptation',
  links: [{ to: '/adaptation', label: 'Adaptation' }],
  routes: [
    <Route key="p" path="/adaptation" element={<AdaptationPage />} />,
    <Route key="u" path="/adaptation/user/:adaptId" element={<JourneyPage />} />,
    <Route key="t" path="/adaptation/:id" element={<TrackPage />} />,
  ],
});
