import { useState } from 'react';
import { EmptyState, Loader, Pagination } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useUserRequests } from './api/request-by-user.ts';
import { LoadError, useBp, useRequestEvents } from './common.tsx';
import { RequestRow } from './RequestRow.tsx';

const LIMIT = 20;

/** "My requests" (as initiator) and "requests to me" (as performer): GET api/bp/runned/{user}, paged, live. */
export function UserRequests({ as }: { as: 'initiator' | 'performer' }) {
  const { t } = bpText.useT();
  const { uid } = useBp();
  const [page, setPage] = useState(1);
  const list = useUserRequests(uid, as, page, LIMIT);
  useRequestEvents(() => void list.refetch());
  if (list.isPending) return <Loader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data.requests.length) return <EmptyState title={t(as === 'initiator' ? 'empty.my' : 'empty.tome')} testId="bp-empty" />;
  return (
    <>
      <ul className="bp-cards" data-testid={`bp-requests-${as}`}>
        {list.data.requests.map((r) => (
          <RequestRow key={r._id} r={r} mine={as === 'initiator'} />
        ))}
      </ul>
      {list.data.total > LIMIT ? <Pagination page={page} total={list.data.total} pageSize={LIMIT} onChange={setPage} /> : null}
    </>
  );
}
