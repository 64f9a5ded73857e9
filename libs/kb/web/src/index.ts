/**
 * Web pages of the knowledge base domain (DESIGN §3 libs/<domain>/web): /articles/, /articles/{parent},
 * /article/{_id}, /vacancies/, /vacancy/{_id} (§2). Exposed to the shell by the kb remote (apps/kb-web).
 */
export { default as ArticlesPage } from './ArticlesPage.tsx';
export { default as ArticlePage } from './ArticlePage.tsx';
export { default as VacanciesPage } from './VacanciesPage.tsx';
export { default as VacancyPage } from './VacancyPage.tsx';
