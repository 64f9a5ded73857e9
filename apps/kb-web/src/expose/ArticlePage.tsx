/** Exposed as `kb/ArticlePage` (libs/kb/web). */
export { ArticlePage as default } from '@intranet/kb-web';
