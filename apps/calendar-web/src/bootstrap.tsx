import { Route } from 'react-router';
import { CalendarPage } from '@intranet/calendar-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/calendar',
  links: [{ to: '/calendar', label: 'Calendar' }],
  routes: [<Route key="p" path="/calendar" element={<CalendarPage />} />],
});
