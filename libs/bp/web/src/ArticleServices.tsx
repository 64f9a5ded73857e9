import { Link } from 'react-router';
import { bpText } from './locales.ts';
import { useRealtimeEvent } from '@intranet/web-session';
import { useArticleServices } from './api/service-by-article.ts';
import { useBp } from './common.tsx';
import './bp.css';

/**
 * The widget the services remote shows in the knowledge base's article slot (`kb:article`, props `{ articleId }`):
 * the services that name the article (GET api/service/byArticle/{id}, those the caller may start; administrators: all)
 * with a link to start each (/service/{_id}?tab=start). Shows nothing while loading, for an empty list (no service
 * names it), on 403 (no services right) or any failure: it is a part of someone else's page. Test ids: bp-article-services,
 * bp-article-service-<id>, bp-article-start-<id>.
 */
export default function ArticleServices({ articleId }: { articleId?: unknown }) {
  const { t } = bpText.useT();
  const { clientId } = useBp();
  const id = typeof articleId === 'string' ? articleId : '';
  const q = useArticleServices(id, !!id && !!clientId);
  useRealtimeEvent('evt.bp.service.changed', () => void q.refetch());
  if (!q.data?.length) return null;
  return (
    <section className="ui-card bp-article-services" aria-labelledby="bp-article-services-title" data-testid="bp-article-services">
      <h2 id="bp-article-services-title">{t('articleServices.title')}</h2>
      <ul>
        {q.data.map((s) => (
          <li key={s._id} data-testid={`bp-article-service-${s._id}`}>
            <Link to={`/service/${s._id}`}>{s.name}</Link>
            <Link to={`/service/${s._id}?tab=start`} className="ui-btn ui-btn--small ui-btn--primary" data-testid={`bp-article-start-${s._id}`}>
              {t('articleServices.start')}
              <span className="bp-visually-hidden">: {s.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
