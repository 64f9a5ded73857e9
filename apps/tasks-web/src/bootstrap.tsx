import { Route } from 'react-router';
import { DeskPage, TrackerPage } from '@intranet/tasks-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/tasks',
  links: [{ to: '/task-tracker/', label: 'Task tracker' }],
  routes: [<Route key="t" path="/task-tracker" element={<TrackerPage />} />, <Route key="d" path="/desk/:id" element={<DeskPage />} />],
});
