import { Route } from 'react-router';
import { NotificationsPage } from '@intranet/notifications-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/notifications',
  links: [{ to: '/notifications', label: 'Notifications' }],
  routes: [<Route key="p" path="/notifications" element={<NotificationsPage />} />],
});
