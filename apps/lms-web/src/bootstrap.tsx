import { Route } from 'react-router';
import { LmsPage } from '@intranet/lms-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/lms',
  links: [{ to: '/lms', label: 'Lms' }],
  routes: [<Route key="p" path="/lms" element={<LmsPage />} />],
});
