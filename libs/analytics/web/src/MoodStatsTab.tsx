import { useState } from 'react';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { useMoodSettings, useSetMoodPeriod } from './api/mood-settings.ts';
import { useMoodStat } from './api/mood-stat.ts';
import { analyticsText } from './locales.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
type Group = { key: string; count: number | null; average: number | null; hidden: boolean };

/**
 * Employee administration's "mood statistics" tab (§2): averages by analysis period and by department; a group under
 * the minimum size shows as hidden; the client's analysis period (one or two weeks, §9). Test ids: mood-stats,
 * mood-total, mood-from, mood-to, mood-period.
 */
export function MoodStatsTab() {
  const { t } = analyticsText.useT();
  const s = useSession();
  const clientId = s.client?._id ?? s.user?.client_id ?? null;
  const [from, setFrom] = useState(day(new Date(Date.now() - 89 * 86_400_000)));
  const [to, setTo] = useState(day(new Date()));
  const q = useMoodStat(clientId, from, to);
  const settings = useMoodSettings(clientId);
  const setPeriod = useSetMoodPeriod(clientId);
  const cell = (g: Group) => (g.hidden ? t('mood.hidden') : String(g.average));
  const table = (title: string, groups: Group[]) => (
    <table>
      <thead>
        <tr>
          <th>{title}</th>
          <th>{t('mood.average')}</th>
          <th>{t('mood.count')}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.key} data-hidden={g.hidden}>
            <td>{g.key || '—'}</td>
            <td>{cell(g)}</td>
            <td>{g.hidden ? '' : g.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section data-testid="mood-stats">
      <h2>{t('mood.title')}</h2>
      <p>
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="mood-from" />{' '}
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="mood-to" />{' '}
        <label>
          {t('mood.periodWeeks')}{' '}
          <select
            value={settings.data?.periodWeeks ?? 1}
            disabled={!settings.data || setPeriod.isPending}
            onChange={(e) => setPeriod.mutate(e.target.value === '2' ? 2 : 1)}
            data-testid="mood-period"
          >
            <option value="1">{t('mood.weeks1')}</option>
            <option value="2">{t('mood.weeks2')}</option>
          </select>
        </label>
      </p>
      {setPeriod.isError ? <ErrorState message={errorText(setPeriod.error)} /> : null}
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.byPeriod.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <p>{t('mood.minGroup', { n: q.data.minGroup })}</p>
          <p data-testid="mood-total" data-hidden={q.data.total.hidden}>
            {t('mood.total')}: {cell(q.data.total)}
            {q.data.total.hidden ? null : ` · ${t('mood.count')}: ${q.data.total.count}`}
          </p>
          {table(t('mood.period'), q.data.byPeriod)}
          {table(t('mood.department'), q.data.byDepartment)}
        </>
      )}
    </section>
  );
}
