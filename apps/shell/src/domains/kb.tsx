import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { RemotePage } from '../remotes.tsx';

/**
 * Routes of the knowledge base domain (§2: /articles/, /articles/{parent}, /article/{_id}, /vacancies/,
 * /vacancy/{_id}), rendered by the kb remote (apps/kb-web, libs/kb/web).
 */
export const kbRemote: Record<string, string> = { kb: '/remotes/kb/mf-manifest.json' };

export const kbRoutes: ReactElement[] = [
  <Route key="articles" path="articles" element={<RemotePage id="kb/ArticlesPage" />} />,
  <Route key="articles-parent" path="articles/:parent" element={<RemotePage id="kb/ArticlesPage" />} />,
  <Route key="article" path="article/:id" element={<RemotePage id="kb/ArticlePage" />} />,
  <Route key="vacancies" path="vacancies" element={<RemotePage id="kb/VacanciesPage" />} />,
  <Route key="vacancy" path="vacancy/:id" element={<RemotePage id="kb/VacancyPage" />} />,
];
