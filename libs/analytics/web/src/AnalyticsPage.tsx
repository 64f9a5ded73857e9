import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorText } from '@intranet/web-i18n';
import { NeedSession, useSession } from '@intranet/web-session';
import { Button, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { REPORT_ROUTES, useReport, type ReportTab } from './api/report-get.ts';
import { analyticsText } from './locales.ts';
import { exportExcel, reportRows, type AdaptationFigure, type Row } from './rows.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
const TABS = Object.keys(REPORT_ROUTES) as ReportTab[];

/**
 * The analytics page (§2 analytics tabs): period picker, one tab per report with a bar chart (recharts), a table and
 * an Excel export. Admins only (the routes answer 403 otherwise). The adaptations tab shows its four figures
 * (started, finished, passed probation, in progress) labelled in the user's language. Test ids: analytics-page,
 * analytics-tab-<tab>, analytics-from, analytics-to, analytics-table, analytics-export.
 */
export function AnalyticsPage() {
  const { t } = analyticsText.useT();
  const s = useSession();
  const clientId = s.client?._id ?? s.user?.client_id ?? null;
  const [tab, setTab] = useState<ReportTab>('visitors');
  const [from, setFrom] = useState(day(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(day(new Date()));
  const q = useReport(tab, clientId, from, to);
  const raw = reportRows(tab, q.data as Record<string, unknown> | undefined);
  // The adaptations figures are worded in the user's language (table, chart and export alike).
  const rows: Row[] = tab === 'adaptations' ? raw.map((r) => ({ ...r, figure: t(`adaptations.${r.figure as AdaptationFigure}`) })) : raw;
  const cols = Object.keys(rows[0] ?? {});
  const [label, value] = [cols[0] ?? 'key', cols.find((c, i) => i > 0 && typeof rows[0]?.[c] === 'number') ?? 'count'];
  return (
    <NeedSession>
      <section className="page" data-testid="analytics-page">
        <h1>{t('title')}</h1>
        <nav role="tablist">
          {TABS.map((k) => (
            <Button key={k} size="small" variant={k === tab ? 'primary' : 'secondary'} onClick={() => setTab(k)} data-testid={`analytics-tab-${k}`}>
              {t(`tab.${k}`)}
            </Button>
          ))}
        </nav>
        <p>
          <label>
            {t('from')} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="analytics-from" />
          </label>{' '}
          <label>
            {t('to')} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="analytics-to" />
          </label>{' '}
          <Button
            size="small"
            variant="secondary"
            disabled={!rows.length}
            onClick={() => void exportExcel(`analytics-${tab}-${from}-${to}`, rows)}
            data-testid="analytics-export"
          >
            {t('export')}
          </Button>
        </p>
        {q.isPending ? (
          <Loader />
        ) : q.isError ? (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        ) : tab === 'adaptations' && !rows.some((r) => r.value) ? (
          // No adaptation started, finished or running in the period: say so rather than chart four zeros.
          <EmptyState title={t('noAdaptations')} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <>
            <div style={{ height: 260 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={rows}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey={label} />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Bar dataKey={value} fill="#4a7bd0" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table data-testid="analytics-table">
              <thead>
                <tr>
                  {cols.map((c) => (
                    <th key={c}>{c}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i}>
                    {cols.map((c) => (
                      <td key={c}>{r[c] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </NeedSession>
  );
}
