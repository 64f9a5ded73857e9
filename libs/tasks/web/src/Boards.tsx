import { useState } from 'react';
import { Link } from 'react-router';
import type { Desk } from '@intranet/tasks-contract';
import { Badge, EmptyState, Loader, Pagination } from '@intranet/web-ui';
import { useDesks } from './api/desk-list.ts';
import { LoadError, useFormatDate } from './common.tsx';
import { tasksText } from './locales.ts';

/** Boards per page. */
const PAGE = 24;

/** A tab of board cards (mine, member, finished), paged, each linking to /desk/{_id}. */
export function Boards({ filter }: { filter: 'mine' | 'member' | 'finished' }) {
  const { t } = tasksText.useT();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const q = useDesks(filter, page, PAGE);
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data.items.length) return <EmptyState title={t(`empty.${filter}`)} testId="desks-empty" />;
  return (
    <>
      <ul className="tt-desks" data-testid={`desks-${filter}`}>
        {q.data.items.map((d: Desk) => (
          <li key={d._id} className="tt-desk">
            <Link to={`/desk/${d._id}`} data-testid={`desk-link-${d._id}`}>
              <strong>{d.name}</strong>
            </Link>
            {d.description ? <p className="tt-muted">{d.description}</p> : null}
            <p className="tt-muted">
              {t('lanesCount', { count: d.lanes.length })} · {t('tasksCount', { count: d.tasks_count })}
            </p>
            <p>
              <Badge>{t(`role.${d.my_role}`)}</Badge> {d.status === 'finished' ? <Badge>{t('finishedAt', { date: fmt(d.finished_at) })}</Badge> : null}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={PAGE} total={q.data.total} onChange={setPage} />
    </>
  );
}
