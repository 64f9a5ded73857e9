/** Exposed as `bp/ArticleServices`: the services an article names, in the kb article page's slot `kb:article`. */
export { ArticleServices as default } from '@intranet/bp-web/widgets';
