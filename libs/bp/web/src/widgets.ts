/**
 * Widgets of the services domain for other remotes' slots (its own entry, so a widget chunk does not pull the
 * services pages): ArticleServices in the knowledge base's article slot `kb:article`.
 */
export { default as ArticleServices } from './ArticleServices.tsx';
