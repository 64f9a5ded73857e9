import { useState } from 'react';
import type { ServiceReq } from '@intranet/bp-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { EmptyState, Loader, Pagination } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useServiceReqs } from './api/service-req-list.ts';
import { AskedService } from './AskedService.tsx';
import { LoadError, MOMENT } from './common.tsx';
import { UserName } from './UserName.tsx';

const LIMIT = 20;

/**
 * The administrators' tab of service requests (GET api/service/requests, newest first, paged): who asked, when,
 * their text and the service they asked for (or none: one not in the catalogue). Test ids: bp-asks, bp-ask-<id>.
 */
export function ServiceAsks() {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const list = useServiceReqs(page, LIMIT);
  useRealtimeEvent('evt.bp.service_req.sent', () => void list.refetch());
  if (list.isPending) return <Loader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data.items.length) return <EmptyState title={t('asks.empty')} testId="bp-empty" />;
  return (
    <>
      <p className="bp-muted">{t('asks.total', { count: list.data.total })}</p>
      <ul className="bp-cards" data-testid="bp-asks">
        {list.data.items.map((r: ServiceReq) => (
          <li key={r._id} className="ui-card bp-card" data-testid={`bp-ask-${r._id}`}>
            <div className="bp-card__head">
              <strong>
                <UserName id={r.author} />
              </strong>
              <span className="bp-muted">{fmt(r.created, MOMENT)}</span>
            </div>
            <p className="bp-card__text bp-ask__text">{r.text}</p>
            <p className="bp-muted">{r.bp ? <AskedService id={r.bp} /> : t('asks.noService')}</p>
          </li>
        ))}
      </ul>
      {list.data.total > LIMIT ? <Pagination page={page} total={list.data.total} pageSize={LIMIT} onChange={setPage} /> : null}
    </>
  );
}
