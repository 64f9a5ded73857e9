import { Route } from 'react-router';
import { BpPage } from '@intranet/bp-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/bp',
  links: [{ to: '/bp', label: 'Bp' }],
  routes: [<Route key="p" path="/bp" element={<BpPage />} />],
});
