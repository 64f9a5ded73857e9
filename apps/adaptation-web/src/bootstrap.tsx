import { Route } from 'react-router';
import { AdaptationPage } from '@intranet/adaptation-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/adaptation',
  links: [{ to: '/adaptation', label: 'Adaptation' }],
  routes: [<Route key="p" path="/adaptation" element={<AdaptationPage />} />],
});
