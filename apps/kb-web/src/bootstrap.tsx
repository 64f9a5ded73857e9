import { Route } from 'react-router';
import { ArticlePage, ArticlesPage, VacanciesPage, VacancyPage } from '@intranet/kb-web';
import { mountStandalone } from '@intranet/web-session';

// Standalone dev page of the kb remote: http://localhost:4203/remotes/kb/
mountStandalone({
  basename: '/remotes/kb',
  links: [
    { to: '/articles/', label: 'Articles' },
    { to: '/vacancies/', label: 'Vacancies' },
  ],
  routes: [
    <Route key="a" path="/articles" element={<ArticlesPage />} />,
    <Route key="ap" path="/articles/:parent" element={<ArticlesPage />} />,
    <Route key="ar" path="/article/:id" element={<ArticlePage />} />,
    <Route key="v" path="/vacancies" element={<VacanciesPage />} />,
    <Route key="vi" path="/vacancy/:id" element={<VacancyPage />} />,
  ],
});
