import { Route } from 'react-router';
import { RequestPage, ServicePage, ServicesPage } from '@intranet/bp-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/bp',
  links: [{ to: '/services', label: 'Services' }],
  routes: [
    <Route key="s" path="/services" element={<ServicesPage />} />,
    <Route key="n" path="/service/new" element={<ServicePage />} />,
    <Route key="r" path="/service/request/:id" element={<RequestPage />} />,
    <Route key="one" path="/service/:id" element={<ServicePage />} />,
  ],
});
