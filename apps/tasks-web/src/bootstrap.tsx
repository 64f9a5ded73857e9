import { Route } from 'react-router';
import { TasksPage } from '@intranet/tasks-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/tasks',
  links: [{ to: '/tasks', label: 'Tasks' }],
  routes: [<Route key="p" path="/tasks" element={<TasksPage />} />],
});
