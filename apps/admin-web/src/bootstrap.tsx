import { Route } from 'react-router';
import { ClientsPage } from '@intranet/clients-web';
import { EmployeesPage } from '@intranet/people-web';
import { mountStandalone } from '@intranet/web-session';

// Standalone dev page of the admin remote: http://localhost:4201/remotes/admin/
mountStandalone({
  basename: '/remotes/admin',
  links: [
    { to: '/employees', label: 'Employees' },
    { to: '/clients', label: 'Clients' },
  ],
  routes: [<Route key="e" path="/employees/*" element={<EmployeesPage />} />, <Route key="c" path="/clients" element={<ClientsPage />} />],
});
