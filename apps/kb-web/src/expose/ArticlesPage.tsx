/** Exposed as `kb/ArticlesPage` (libs/kb/web). */
export { ArticlesPage as default } from '@intranet/kb-web';
