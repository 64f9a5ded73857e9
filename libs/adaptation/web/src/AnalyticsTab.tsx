import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Track } from '@intranet/adaptation-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { LoadError } from '@intranet/web-session';
import { EmptyState, Input, Loader } from '@intranet/web-ui';
import { useTrackAnalytics } from './api/track-analytics.ts';
import { adaptationText } from './locales.ts';

/**
 * Track tab "analytics" (§2): for a period (dates optional), adaptations started, running, finished and passed, the
 * mean days to finish, completion per step (bar chart, recharts) and starts and finishes per day (line chart).
 * Test ids: adapt-analytics-from, adapt-analytics-to, adapt-analytics-<started|active|finished|passed|avg>,
 * adapt-analytics-steps, adapt-analytics-days.
 */
export function AnalyticsTab({ track }: { track: Track }) {
  const { t } = adaptationText.useT();
  const fmt = useFormatDate();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const q = useTrackAnalytics(track._id, from, to);
  return (
    <div className="adapt-tab">
      <div className="adapt-period">
        <Input id="adapt-analytics-from" type="date" label={t('analytics.from')} value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        <Input id="adapt-analytics-to" type="date" label={t('analytics.to')} value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </div>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} testId="adapt-analytics" />
      ) : (
        <>
          <dl className="adapt-figures">
            {(['started', 'active', 'finished', 'passed'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`analytics.${k}`)}</dt>
                <dd data-testid={`adapt-analytics-${k}`}>{q.data[k]}</dd>
              </div>
            ))}
            <div>
              <dt>{t('analytics.avg')}</dt>
              <dd data-testid="adapt-analytics-avg">{q.data.avgDays === null ? '—' : t('analytics.days', { count: Math.round(q.data.avgDays * 10) / 10 })}</dd>
            </div>
          </dl>
          <h3>{t('analytics.steps')}</h3>
          {q.data.steps.length === 0 ? (
            <EmptyState title={t('analytics.noSteps')} testId="adapt-analytics-steps-empty" />
          ) : (
            <div className="adapt-chart" data-testid="adapt-analytics-steps" role="img" aria-label={t('analytics.steps')}>
              <ResponsiveContainer width="100%" height={Math.max(180, q.data.steps.length * 32 + 60)}>
                <BarChart data={q.data.steps} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="name" width={140} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="open" name={t('analytics.open')} fill="var(--ui-warning, #d98c1a)" />
                  <Bar dataKey="done" name={t('analytics.done')} fill="var(--ui-primary, #2563eb)" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <h3>{t('analytics.perDay')}</h3>
          {q.data.days.length === 0 ? (
            <EmptyState title={t('analytics.noDays')} testId="adapt-analytics-days-empty" />
          ) : (
            <div className="adapt-chart" data-testid="adapt-analytics-days" role="img" aria-label={t('analytics.perDay')}>
              <ResponsiveContainer width="100%" height={240}>
                <LineChart data={q.data.days.map((d) => ({ ...d, label: fmt(d.day) }))} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Line type="monotone" dataKey="started" name={t('analytics.started')} stroke="var(--ui-primary, #2563eb)" />
                  <Line type="monotone" dataKey="finished" name={t('analytics.finished')} stroke="var(--ui-success, #2f9e5b)" />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
        </>
      )}
    </div>
  );
}
