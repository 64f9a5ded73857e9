import { Link } from 'react-router';
import type { Service } from '@intranet/bp-contract';
import { bpText } from './locales.ts';

/** The info tab: description, group, responsible department, days limit, the steps and who performs them. */
export function ServiceInfo({ service }: { service: Service }) {
  const { t } = bpText.useT();
  return (
    <div className="bp-info" data-testid="bp-info">
      <p>{service.description}</p>
      <p className="bp-muted">
        {t(`service.type.${service.type}`)} · {t('steps', { count: service.steps.length })}
        {service.days_limit ? ` · ${t('days', { count: service.days_limit })}` : ''}
        {service.department ? ` · ${service.department}` : ''}
        {service.canManage ? ` · ${t('service.version', { n: service.version })}` : ''}
      </p>
      {service.article ? (
        <p>
          <Link to={`/article/${service.article}`} data-testid="bp-info-article">
            {t('article.open')}
          </Link>
        </p>
      ) : null}
      <ol className="bp-step-list">
        {service.steps.map((s) => (
          <li key={s._id}>
            {s.name}
            {s.performers.length ? <span className="bp-muted"> — {s.performers.map((p) => t(`editor.kinds.${p.kind}`)).join(', ')}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
