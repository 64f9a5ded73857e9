import { useState } from 'react';
import { Link } from 'react-router';
import { useRealtimeEvent } from '@intranet/web-session';
import { EmptyState, Input, Loader, useDebounced } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useCatalogue } from './api/group-by-client.ts';
import { AskForm } from './AskForm.tsx';
import { LoadError, useBp } from './common.tsx';
import { NewGroup } from './NewGroup.tsx';

/** The services tab: groups with their services (GET api/service_group/byClient/{client}), searchable. */
export function Catalogue() {
  const { t } = bpText.useT();
  const { clientId } = useBp();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const cat = useCatalogue(clientId, q);
  useRealtimeEvent('evt.bp.service.changed', () => void cat.refetch());
  return (
    <>
      <Input label={t('search')} type="search" value={search} placeholder={t('search')} onChange={(e) => setSearch(e.target.value)} data-testid="bp-search" />
      {cat.data?.canManage ? (
        <div className="bp-admin-bar">
          <Link to="/service/new" className="ui-btn ui-btn--normal ui-btn--primary" data-testid="bp-new-service">
            {t('newService')}
          </Link>
          <NewGroup />
        </div>
      ) : null}
      {cat.isPending ? (
        <Loader />
      ) : cat.isError ? (
        <LoadError error={cat.error} onRetry={() => void cat.refetch()} />
      ) : !cat.data.groups.length || (cat.data.groups.every((g) => !g.services.length) && !cat.data.canManage) ? (
        <EmptyState title={t(q ? 'empty.search' : 'empty.services')} testId="bp-empty" />
      ) : (
        <div className="bp-groups" data-testid="bp-catalogue">
          {cat.data.groups.map((g) => (
            <section key={g._id} className="bp-group" data-testid={`bp-group-${g._id}`}>
              <h2>{g.name}</h2>
              {g.services.length ? (
                <ul className="bp-cards">
                  {g.services.map((s) => (
                    <li key={s._id} className="ui-card bp-card">
                      <Link to={`/service/${s._id}`} className="bp-card__title" data-testid={`bp-service-${s._id}`}>
                        {s.name}
                      </Link>
                      <p className="bp-card__text">{s.description}</p>
                      <p className="bp-muted">
                        {t('steps', { count: s.stepsCount })}
                        {s.days_limit ? ` · ${t('days', { count: s.days_limit })}` : ''}
                        {s.department ? ` · ${s.department}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="bp-muted">{t('empty.services')}</p>
              )}
            </section>
          ))}
        </div>
      )}
      {cat.data && !cat.data.canManage ? <AskForm /> : null}
    </>
  );
}
