import { useState } from 'react';
import { useParams } from 'react-router';
import { pollsText } from './locales.ts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PollResults, QuestionResult } from '@intranet/polls-contract';
import { errorText, formatDate } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { Alert, Button, EmptyState, Loader, Pagination, Table, useNotifier, type Column } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useExportPollExcel } from './api/poll-excel.ts';
import { usePollResults } from './api/poll-results.ts';
import { useRemindPoll } from './api/poll-remind.ts';
import { LoadError, NeedClient, usePolls } from './common.tsx';
import { PollHeader } from './PollPage.tsx';
import './polls.css';

const PAGE = 50;

/** One question's chart (recharts bar chart of the counts per option or value), or its texts. */
function QuestionChart({ q, n }: { q: QuestionResult; n: number }) {
  const { t } = pollsText.useT();
  return (
    <article className="polls-chart ui-card" data-testid={`result-q-${n}`} data-answered={q.answered}>
      <h3>
        {n}. {q.text}
      </h3>
      <p className="polls-card__meta" data-testid={`result-q-${n}-answered`}>
        {t('res.answered', { count: q.answered })}
        {q.average !== null ? ` · ${t('res.average', { value: q.average.toLocaleString() })}` : ''}
      </p>
      {q.hidden ? (
        <Alert kind="info">{t('res.hidden')}</Alert>
      ) : q.counts.length ? (
        <div className="polls-chart__plot" data-testid={`result-q-${n}-chart`} data-counts={q.counts.map((c) => c.count).join(',')}>
          <ResponsiveContainer width="100%" height={Math.max(160, q.kind === 'range' ? 220 : q.counts.length * 36 + 40)}>
            {q.kind === 'range' ? (
              <BarChart data={q.counts} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="count" name={t('res.count')} fill="var(--ui-accent, #3b82f6)" isAnimationActive={false} />
              </BarChart>
            ) : (
              <BarChart data={q.counts} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="label" width={120} />
                <Tooltip />
                <Bar dataKey="count" name={t('res.count')} fill="var(--ui-accent, #3b82f6)" isAnimationActive={false} />
              </BarChart>
            )}
          </ResponsiveContainer>
        </div>
      ) : q.texts.length ? (
        <ul className="polls-texts">
          {q.texts.map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ul>
      ) : (
        <p className="polls-card__meta">{t('res.noAnswers')}</p>
      )}
    </article>
  );
}

/** Downloads the Excel file (GET api/poll/{poll_id}/excel → a signed URL); §8 export errors worded. */
function ExcelButton({ id }: { id: string }) {
  const { t } = pollsText.useT();
  const { uid } = usePolls();
  const excel = useExportPollExcel();
  const busy = excel.isPending;
  const error = excel.error ? errorText(excel.error) : null;
  const run = async () => {
    const r = await excel.mutateAsync({ id, uid }).catch(() => null);
    if (!r) return;
    const a = document.createElement('a');
    a.href = r.url;
    a.download = r.fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <span className="polls-excel">
      <Button variant="secondary" loading={busy} onClick={() => void run()} data-testid="results-excel">
        {busy ? t('res.excelBusy') : t('res.excel')}
      </Button>
      {error ? (
        <span role="alert" className="ui-field__error" data-testid="results-excel-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function AnswersTable({ data, page, setPage }: { data: PollResults; page: number; setPage: (p: number) => void }) {
  const { t } = pollsText.useT();
  const anonymous = data.scope === 'anonymous';
  const columns: Column<PollResults['rows'][number]>[] = [
    { key: 'who', header: t('res.respondent'), render: (r) => r.user?.name ?? t('res.anonymous') },
    ...(anonymous ? [] : [{ key: 'day', header: t('res.day'), render: (r: PollResults['rows'][number]) => formatDate(r.day) }]),
    ...data.poll.questions.map((q) => ({ key: q._id, header: q.text, render: (r: PollResults['rows'][number]) => r.values[q._id] ?? '' })),
  ];
  return (
    <div className="polls-table" data-testid="results-table">
      <Table columns={columns} rows={data.rows} rowKey={(r) => r._id} empty={t('res.noAnswers')} rowTestId={() => 'results-row'} />
      {data.rowsTotal > PAGE ? <Pagination page={page} pageSize={PAGE} total={data.rowsTotal} onChange={setPage} /> : null}
    </div>
  );
}

function NotPassed({ data }: { data: PollResults }) {
  const { t } = pollsText.useT();
  const notifier = useNotifier();
  const reminder = useRemindPoll();
  const busy = reminder.isPending;
  if (!data.notPassed?.length) return <EmptyState title={t('res.everyonePassed')} testId="results-everyone" />;
  const remind = async () => {
    await reminder.mutateAsync(data.poll._id);
    notifier.toast(t('res.reminded'));
  };
  return (
    <div data-testid="results-not-passed">
      {data.poll.status === 'active' ? (
        <Button size="small" variant="secondary" loading={busy} onClick={() => void remind()} data-testid="results-remind">
          {t('res.remind')}
        </Button>
      ) : null}
      <Table
        columns={[
          { key: 'name', header: t('res.respondent'), render: (r) => r.name },
          { key: 'department', header: t('res.department'), render: (r) => r.department ?? '' },
        ]}
        rows={data.notPassed}
        rowKey={(r) => r._id}
        rowTestId={() => 'not-passed-row'}
      />
    </div>
  );
}

/**
 * /poll/{_id}/results (§2 tabs general, table, not passed): GET api/poll/{id}/results, a recharts chart per question,
 * the answers table (paged), who has not passed (managers of non-anonymous polls) and the Excel download. Live: each
 * evt.polls.results.changed of this poll refetches. Test ids: poll-results, results-tab-*, result-q-<n>[-chart],
 * results-table, results-not-passed, results-excel.
 */
function ResultsView() {
  const { t } = pollsText.useT();
  const { id = '' } = useParams();
  const [tab, setTab] = useState<'general' | 'table' | 'notPassed'>('general');
  const [page, setPage] = useState(1);
  const q = usePollResults(id, page, PAGE);
  useRealtimeEvent<{ pollId: string }>('evt.polls.results.changed', (e) => {
    if (e.pollId === id) void q.refetch();
  });
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const data = q.data;
  const tabs = [
    { id: 'general', label: <span data-testid="results-tab-general">{t('res.general')}</span> },
    { id: 'table', label: <span data-testid="results-tab-table">{t('res.table')}</span> },
    ...(data.notPassed
      ? [{ id: 'notPassed', label: <span data-testid="results-tab-not-passed">{`${t('res.notPassed')} (${data.notPassedTotal ?? 0})`}</span> }]
      : []),
  ];
  return (
    <section className="page polls" data-testid="poll-results" data-answers={data.poll.answersCount}>
      <PollHeader poll={data.poll} />
      <div className="polls-results__bar">
        <span className="polls-card__meta" data-testid="results-total">
          {t('res.answered', { count: data.poll.answersCount })} · {t('res.live')}
        </span>
        <ExcelButton id={id} />
      </div>
      {data.scope === 'own' ? <Alert kind="info">{t('res.own')}</Alert> : null}
      <Tabs label={t('results')} active={tab} onChange={(x) => setTab(x as typeof tab)} tabs={tabs} />
      {tab === 'general' ? (
        <div className="polls-charts">
          {data.questions.map((qq, i) => (
            <QuestionChart key={qq._id} q={qq} n={i + 1} />
          ))}
        </div>
      ) : tab === 'table' ? (
        <AnswersTable data={data} page={page} setPage={setPage} />
      ) : (
        <NotPassed data={data} />
      )}
    </section>
  );
}

export default function PollResultsPage() {
  return (
    <NeedClient>
      <ResultsView />
    </NeedClient>
  );
}
