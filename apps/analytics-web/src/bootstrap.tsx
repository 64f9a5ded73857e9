import { Route } from 'react-router';
import { AnalyticsPage } from '@intranet/analytics-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/analytics',
  links: [{ to: '/analytics', label: 'Analytics' }],
  routes: [<Route key="p" path="/analytics" element={<AnalyticsPage />} />],
});
