import { useState } from 'react';
import { Link } from 'react-router';
import { useFormatDate } from '@intranet/web-i18n';
import { LoadError, useRealtimeEvent } from '@intranet/web-session';
import { useUserNames } from '@intranet/web-session/people';
import { Badge, EmptyState, Loader, Pagination, ProgressBar } from '@intranet/web-ui';
import { MINE_PER_PAGE, useAdaptationsFor } from './api/adaptation-list-for.ts';
import { adaptationText } from './locales.ts';

/** Percent of done steps, 0 when there are none. */
export const percentOf = (done: number, total: number) => (total > 0 ? Math.round((done * 100) / total) : 0);

/**
 * "My adaptations" on /adaptation: the adaptations the person takes part in, each with the track, the newcomer, the
 * start date, the progress and one link per role they hold (to /adaptation/user/{id}?as=<role>), paged on the server;
 * refreshed live when one of them starts, moves on, finishes or is removed.
 * Test ids: adapt-mine, adapt-mine-<adapt_id>, adapt-open-<role>-<adapt_id>, adapt-mine-progress-<adapt_id>.
 */
export function MyAdaptations({ userId }: { userId: string }) {
  const { t } = adaptationText.useT();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const q = useAdaptationsFor(userId, page);
  const names = useUserNames(q.data?.items.map((a) => a.user_id) ?? []);
  // Live: the gateway relays the domain's events to the participants' sockets; any of them changes this list.
  const refresh = () => void q.refetch();
  useRealtimeEvent('evt.adaptation.adaptation.started', refresh);
  useRealtimeEvent('evt.adaptation.step.finished', refresh);
  useRealtimeEvent('evt.adaptation.step.reopened', refresh);
  useRealtimeEvent('evt.adaptation.adaptation.finished', refresh);
  useRealtimeEvent('evt.adaptation.adaptation.removed', refresh);
  return (
    <section className="adapt-section" aria-labelledby="adapt-mine-title" data-testid="adapt-mine">
      <h2 id="adapt-mine-title">{t('mine.title')}</h2>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} testId="adapt-mine" />
      ) : q.data.items.length === 0 ? (
        <EmptyState title={t('mine.empty')} testId="adapt-mine-empty" />
      ) : (
        <>
          <ul className="adapt-cards">
            {q.data.items.map((a) => (
              <li key={a._id} className="adapt-card" data-testid={`adapt-mine-${a._id}`} data-state={a.state}>
                <h3>{a.track_name}</h3>
                <p>
                  {t('mine.newcomer', { name: names.get(a.user_id) ?? '…' })} · {t('mine.start', { date: fmt(a.start_date) })}
                </p>
                <ProgressBar
                  value={percentOf(a.done, a.total)}
                  label={t('progress', { done: a.done, total: a.total })}
                  name={t('progressOf', { name: names.get(a.user_id) ?? '…' })}
                  testId={`adapt-mine-progress-${a._id}`}
                />
                <p>
                  <Badge tone={a.state === 'active' ? 'primary' : 'success'}>{t(`adaptState.${a.state}`)}</Badge>
                </p>
                <p className="adapt-roles">
                  {a.roles.map((r) => (
                    <Link
                      key={r}
                      className="ui-btn ui-btn--small ui-btn--secondary"
                      to={`/adaptation/user/${a._id}?as=${r}`}
                      data-testid={`adapt-open-${r}-${a._id}`}
                    >
                      {t(`openAs.${r}`)}
                    </Link>
                  ))}
                </p>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={MINE_PER_PAGE} total={q.data.total} onChange={setPage} testId="adapt-mine-pages" />
        </>
      )}
    </section>
  );
}
