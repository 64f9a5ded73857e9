import { useState } from 'react';
import type { Service } from '@intranet/bp-contract';
import { EmptyState, Loader, Pagination, Select } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useServiceRequests } from './api/request-by-service.ts';
import { LoadError, useRequestEvents } from './common.tsx';
import { RequestRow } from './RequestRow.tsx';

const REQ_LIMIT = 20;

/** The requests tab (administrators, §2): every request of the service, newest first, running or finished, paged, live. */
export function ServiceRequests({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const [page, setPage] = useState(1);
  const [finished, setFinished] = useState<'' | '0' | '1'>('');
  const list = useServiceRequests(service._id, finished, page, REQ_LIMIT);
  useRequestEvents(() => void list.refetch());
  return (
    <div data-testid="bp-service-requests">
      <Select
        id="bp-requests-filter"
        label={t('service.requestsFilter')}
        value={finished}
        onChange={(e) => {
          setFinished(e.target.value as '' | '0' | '1');
          setPage(1);
        }}
        options={[
          { value: '', label: t('service.requestsAll') },
          { value: '0', label: t('service.requestsRunning') },
          { value: '1', label: t('service.requestsFinished') },
        ]}
      />
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.requests.length ? (
        <EmptyState title={t('service.requestsEmpty')} testId="bp-empty" />
      ) : (
        <>
          <p className="bp-muted">{t('service.requestsTotal', { count: list.data.total })}</p>
          <ul className="bp-cards">
            {list.data.requests.map((r) => (
              <RequestRow key={r._id} r={r} mine={false} initiator />
            ))}
          </ul>
          {list.data.total > REQ_LIMIT ? <Pagination page={page} total={list.data.total} pageSize={REQ_LIMIT} onChange={setPage} /> : null}
        </>
      )}
    </div>
  );
}
