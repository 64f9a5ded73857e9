import { Route } from 'react-router';
import { PollsPage } from '@intranet/polls-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/polls',
  links: [{ to: '/polls', label: 'Polls' }],
  routes: [<Route key="p" path="/polls" element={<PollsPage />} />],
});
