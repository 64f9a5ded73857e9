import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import { GROUP_PAGE_SIZE, IDEA_STATUSES, ideaBody, violReportBody, type IdeaStatus } from '@intranet/social-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Alert, Badge, Button, EmptyState, ErrorState, Loader, Pagination, Select, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useIdeas } from './api/idea-list.ts';
import { sendIdea } from './api/idea-send.ts';
import { useSetIdeaStatus } from './api/idea-status.ts';
import { socialKeys } from './api/keys.ts';
import { useMarkViolReport } from './api/viol-report-handled.ts';
import { useViolReports } from './api/viol-report-list.ts';
import { sendViolReport } from './api/viol-report-send.ts';
import { useWallRealtime } from './realtime.ts';
import './social.css';

const IDEA_FIELDS = ['author', 'current', 'improvement', 'changes', 'results'] as const;

/** The idea form (§5: all five fields required), POST api/user/send_idea. */
function IdeaForm({ onSent }: { onSent: () => void }) {
  const { t } = wallText.useT();
  const { user } = useSession();
  const notify = useNotifier();
  const qc = useQueryClient();
  const form = useApiForm({
    schema: ideaBody,
    defaultValues: { author: user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '', current: '', improvement: '', changes: '', results: '' },
    onSubmit: async (v) => {
      await sendIdea(v);
      void qc.invalidateQueries({ queryKey: socialKeys.ideas() });
      form.reset({ ...form.getValues(), current: '', improvement: '', changes: '', results: '' });
      notify.toast(t('ideas.sent'), 'success');
      onSent();
    },
  });
  return (
    <ApiFormView form={form} errorTestId="idea-form-error" className="wall-card" data-testid="idea-form">
      {IDEA_FIELDS.map((f) => (
        <FormField key={f} form={form} name={f} id={`idea-${f}`} label={t(`ideas.field.${f}`)} rows={f === 'author' ? undefined : 3} />
      ))}
      <SubmitRow form={form} label={t('ideas.send')} testId="idea-submit" />
    </ApiFormView>
  );
}

function IdeasList({ all }: { all: boolean }) {
  const { t, i18n } = wallText.useT();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<IdeaStatus | ''>('');
  const q = useIdeas(all, status, page);
  const set = useSetIdeaStatus();
  const statuses = IDEA_STATUSES.map((s) => ({ value: s, label: t(`ideas.status.${s}`) }));
  return (
    <>
      <Select
        id={`ideas-filter-${all ? 'all' : 'mine'}`}
        label={t('ideas.filter')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as IdeaStatus | '');
          setPage(1);
        }}
        options={[{ value: '', label: t('ideas.anyStatus') }, ...statuses]}
      />
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.ideas.length === 0 ? (
        <EmptyState title={t('ideas.empty')} testId="ideas-empty" />
      ) : (
        <>
          <ul className="group-list" data-testid="ideas-list">
            {q.data.ideas.map((i) => (
              <li key={i._id} className="wall-card" data-testid={`idea-${i._id}`}>
                <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <strong>{i.author}</strong>
                  <span className="wall-muted">{new Date(i.created).toLocaleDateString(i18n.language)}</span>
                  {all ? (
                    <Select
                      id={`idea-status-${i._id}`}
                      label={t('ideas.statusLabel')}
                      value={i.status}
                      onChange={(e) => set.mutate({ id: i._id, status: e.target.value as IdeaStatus })}
                      options={statuses}
                    />
                  ) : (
                    <Badge tone={i.status === 'accepted' ? 'success' : i.status === 'rejected' ? 'danger' : undefined}>{t(`ideas.status.${i.status}`)}</Badge>
                  )}
                </div>
                {(['current', 'improvement', 'changes', 'results'] as const).map((f) => (
                  <p key={f}>
                    <span className="wall-muted">{t(`ideas.field.${f}`)}:</span> {i[f]}
                  </p>
                ))}
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={GROUP_PAGE_SIZE} total={q.data.total} onChange={setPage} />
        </>
      )}
    </>
  );
}

/** /idea (§2): the idea form, one's own ideas and, for administrators, every idea with its status. Test id: idea-page. */
export function IdeaPage() {
  const { t } = wallText.useT();
  const { isAdmin } = useSession();
  useWallRealtime();
  // `?tab=mine|all` opens a tab (the links of the ideas' notifications).
  const [params] = useSearchParams();
  const wanted = params.get('tab');
  const [tab, setTab] = useState<'send' | 'mine' | 'all'>(wanted === 'mine' || (wanted === 'all' && isAdmin) ? wanted : 'send');
  return (
    <section data-testid="idea-page">
      <h1 className="ui-page-title">{t('ideas.title')}</h1>
      <Tabs
        label={t('ideas.title')}
        tabs={[
          { id: 'send', label: t('ideas.tabs.send') },
          { id: 'mine', label: t('ideas.tabs.mine') },
          ...(isAdmin ? [{ id: 'all', label: t('ideas.tabs.all') }] : []),
        ]}
        active={tab}
        onChange={(x) => setTab(x as typeof tab)}
      >
        {tab === 'send' ? <IdeaForm onSent={() => setTab('mine')} /> : <IdeasList all={tab === 'all'} />}
      </Tabs>
    </section>
  );
}

/** The report form: a clear anonymous / signed choice, the name when signed, the text (§5). */
function ReportForm() {
  const { t } = wallText.useT();
  const notify = useNotifier();
  const [sent, setSent] = useState(false);
  const form = useApiForm({
    schema: violReportBody,
    defaultValues: { anonymous: true, name: '', text: '' },
    onSubmit: async (v) => {
      await sendViolReport({ ...v, name: v.anonymous ? undefined : v.name });
      form.reset({ anonymous: true, name: '', text: '' });
      setSent(true);
      notify.toast(t('report.sent'), 'success');
    },
  });
  const anonymous = form.watch('anonymous');
  return (
    <ApiFormView form={form} errorTestId="report-form-error" className="wall-card" data-testid="report-form">
      <fieldset className="report-choice">
        <legend>{t('report.who')}</legend>
        <label className="ui-checkbox">
          <input type="radio" name="report-anon" checked={anonymous} onChange={() => form.setValue('anonymous', true)} data-testid="report-anonymous" />
          <span>
            <strong>{t('report.anonymous')}</strong> — {t('report.anonymousHint')}
          </span>
        </label>
        <label className="ui-checkbox">
          <input type="radio" name="report-anon" checked={!anonymous} onChange={() => form.setValue('anonymous', false)} data-testid="report-signed" />
          <span>
            <strong>{t('report.signed')}</strong> — {t('report.signedHint')}
          </span>
        </label>
      </fieldset>
      {!anonymous ? <FormField form={form} name="name" id="report-name" label={t('report.name')} /> : null}
      <FormField form={form} name="text" id="report-text" label={t('report.text')} rows={6} />
      {sent ? <Alert testId="report-sent">{t('report.sentText')}</Alert> : null}
      <SubmitRow form={form} label={t('report.send')} testId="report-submit" />
    </ApiFormView>
  );
}

function ReportsList() {
  const { t } = wallText.useT();
  const [page, setPage] = useState(1);
  const [handled, setHandled] = useState<'' | '0' | '1'>('0');
  const q = useViolReports(handled, page);
  const mark = useMarkViolReport();
  return (
    <>
      <Select
        id="reports-filter"
        label={t('report.filter')}
        value={handled}
        onChange={(e) => {
          setHandled(e.target.value as typeof handled);
          setPage(1);
        }}
        options={[
          { value: '0', label: t('report.open') },
          { value: '1', label: t('report.handled') },
          { value: '', label: t('report.all') },
        ]}
      />
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.reports.length === 0 ? (
        <EmptyState title={t('report.empty')} testId="reports-empty" />
      ) : (
        <>
          <ul className="group-list" data-testid="reports-list">
            {q.data.reports.map((r) => (
              <li key={r._id} className="wall-card" data-testid={`report-${r._id}`}>
                <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <strong>{r.anonymous ? t('report.anonymous') : r.name}</strong>
                  {/* The day only: the report keeps no time of day. */}
                  <span className="wall-muted">{new Date(`${r.day}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium' })}</span>
                  {/* Issue 29 §23: the state is a badge, the button only says what it does (it read like a status). */}
                  <span data-testid={`report-status-${r._id}`} data-handled={r.handled}>
                    <Badge tone={r.handled ? 'success' : 'danger'}>{r.handled ? t('report.statusHandled') : t('report.statusOpen')}</Badge>
                  </span>
                  <Button
                    size="small"
                    variant={r.handled ? 'secondary' : 'primary'}
                    loading={mark.isPending && mark.variables?.id === r._id}
                    onClick={() => mark.mutate({ id: r._id, handled: !r.handled })}
                    data-testid={`report-toggle-${r._id}`}
                  >
                    {r.handled ? t('report.reopen') : t('report.markHandled')}
                  </Button>
                </div>
                <p style={{ whiteSpace: 'pre-wrap' }}>{r.text}</p>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={GROUP_PAGE_SIZE} total={q.data.total} onChange={setPage} />
        </>
      )}
    </>
  );
}

/** /report_violation (§2 "Don't be silent"): the anonymous report and, for administrators, the client's reports. Test id: report-page. */
export function ReportViolationPage() {
  const { t } = wallText.useT();
  const { isAdmin } = useSession();
  useWallRealtime();
  // `?tab=reports` opens the reports (the link of a report's notification to the administrators).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<'send' | 'reports'>(params.get('tab') === 'reports' && isAdmin ? 'reports' : 'send');
  return (
    <section data-testid="report-page">
      <h1 className="ui-page-title">{t('report.title')}</h1>
      <p className="wall-muted">{t('report.intro')}</p>
      {isAdmin ? (
        <Tabs
          label={t('report.title')}
          tabs={[
            { id: 'send', label: t('report.tabs.send') },
            { id: 'reports', label: t('report.tabs.reports') },
          ]}
          active={tab}
          onChange={(x) => setTab(x as typeof tab)}
        >
          {tab === 'send' ? <ReportForm /> : <ReportsList />}
        </Tabs>
      ) : (
        <ReportForm />
      )}
    </section>
  );
}
