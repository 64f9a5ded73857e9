import { Route } from 'react-router';
import { CoursePage, CoursesPage, IdpPage } from '@intranet/lms-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/lms',
  links: [
    { to: '/courses', label: 'Courses' },
    { to: '/idp', label: 'IDP' },
  ],
  routes: [
    <Route key="c" path="/courses" element={<CoursesPage />} />,
    <Route key="i" path="/courses/:id" element={<CoursePage />} />,
    <Route key="p" path="/idp" element={<IdpPage />} />,
  ],
});
