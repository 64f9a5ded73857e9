import { useState } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Loader, Pagination } from '@intranet/web-ui';
import { useMyTasks, type MyTasksFilter } from './api/task-list.ts';
import { LoadError, useFormatDate } from './common.tsx';
import { tasksText } from './locales.ts';

/** Tasks per page. */
const PAGE = 50;

/** "My tasks" across boards: performer or co-performer, observed, created; open ones first by deadline, paged. */
export function MyTasks() {
  const { t } = tasksText.useT();
  const fmt = useFormatDate();
  const [filter, setFilter] = useState<MyTasksFilter>('mine');
  const [page, setPage] = useState(1);
  const q = useMyTasks(filter, page, PAGE);
  return (
    <div>
      <div className="tt-filters" role="group" aria-label={t('filters')}>
        {(['mine', 'observed', 'created'] as const).map((f) => (
          <Button
            key={f}
            variant={f === filter ? 'primary' : 'secondary'}
            size="small"
            onClick={() => setFilter(f)}
            aria-pressed={f === filter}
            data-testid={`my-${f}`}
          >
            {t(`my.${f}`)}
          </Button>
        ))}
      </div>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data.items.length ? (
        <EmptyState title={t('empty.tasks')} testId="my-tasks-empty" />
      ) : (
        <>
          <ul className="tt-mytasks" data-testid="my-tasks">
            {q.data.items.map((x) => (
              <li key={x._id} className={x.overdue ? 'tt-overdue' : undefined}>
                <Link to={`/desk/${x.desk_id}?task=${x._id}`}>{x.name}</Link>
                <span className="tt-muted">
                  {' '}
                  {x.desk_name} · {x.lane_name} · {t(`type.${x.type}`)}
                </span>
                {x.deadline ? (
                  <span className={x.overdue ? 'tt-deadline tt-deadline--late' : 'tt-deadline'}>
                    {x.overdue ? t('overdue') : t('due')} {fmt(x.deadline, true)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE} total={q.data.total} onChange={setPage} />
        </>
      )}
    </div>
  );
}
