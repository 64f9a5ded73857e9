import { useState } from 'react';
import { clientsText } from './locales.ts';
import { JOURNAL_ACTIONS, JOURNAL_SECTIONS, type JournalEntryView, type JournalSection } from '@intranet/clients-contract';
import { JOURNAL_PAGE_SIZE, useJournal, type JournalFilters } from './api/journal-list.ts';
import { EmptyState, ErrorState, Input, Pagination, Select, Table, type Column } from '@intranet/web-ui';
import { errorText, PageLoadError, pageLoadKind, useFormatDate } from '@intranet/web-i18n';

/** A summary value as short text: lists joined, objects as key: value. */
function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.map(show).join(', ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${show(x)}`)
      .join('; ');
  return String(v);
}

/**
 * §2 admin panel tab "logs" (issue 18 §2): the client's audit journal, newest first, filtered by section, action and
 * a date range (calendar days, UTC on the server), paged by 20; times in the user's locale. Loading, empty and error
 * states. Test ids: journal-tab, journal-section, journal-action, journal-from, journal-to, journal-table,
 * journal-row-<id> (data-section, data-action), journal-empty, journal-error, journal-pages.
 */
export function JournalTab({ clientId }: { clientId: string }) {
  const { t } = clientsText.useT();
  const formatDate = useFormatDate();
  const [filters, setFilters] = useState<JournalFilters>({ section: '', action: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const q = useJournal(clientId, filters, page);
  const set = (patch: Partial<JournalFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const sectionLabel = (s: string) => t(`journal.sections.${s}`, { defaultValue: s });
  const actionLabel = (a: string) => t(`journal.actions.${a.replace(/\./g, '_')}`, { defaultValue: a });
  const actions = filters.section ? (JOURNAL_ACTIONS[filters.section as JournalSection] ?? []) : [...new Set(Object.values(JOURNAL_ACTIONS).flat())];

  const columns: Column<JournalEntryView>[] = [
    {
      key: 'at',
      header: t('journal.col.at'),
      render: (e) => <time dateTime={e.at}>{formatDate(e.at, { dateStyle: 'short', timeStyle: 'medium' })}</time>,
    },
    { key: 'actor', header: t('journal.col.actor'), render: (e) => (e.actor ? (e.actor.name ?? e.actor._id) : <em>{t('journal.anonymous')}</em>) },
    { key: 'section', header: t('journal.col.section'), render: (e) => sectionLabel(e.section) },
    { key: 'action', header: t('journal.col.action'), render: (e) => actionLabel(e.action) },
    {
      key: 'object',
      header: t('journal.col.object'),
      render: (e) =>
        e.object ? (
          <span>
            <span className="clients-muted">{t(`journal.objects.${e.object.type}`, { defaultValue: e.object.type })}</span>{' '}
            {e.object.title ?? e.object.id ?? ''}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'change',
      header: t('journal.col.change'),
      render: (e) =>
        e.before || e.after ? (
          <span className="journal-change">
            {e.before ? <span>{show(e.before)}</span> : null}
            {e.before && e.after ? ' → ' : null}
            {e.after ? <span>{show(e.after)}</span> : null}
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div data-testid="journal-tab" className="journal-tab">
      <div className="ui-toolbar journal-filters">
        <Select
          id="journal-section"
          label={t('journal.section')}
          value={filters.section}
          onChange={(e) => set({ section: e.target.value, action: '' })}
          options={[{ value: '', label: t('journal.all') }, ...JOURNAL_SECTIONS.map((s) => ({ value: s, label: sectionLabel(s) }))]}
          data-testid="journal-section"
        />
        <Select
          id="journal-action"
          label={t('journal.action')}
          value={filters.action}
          onChange={(e) => set({ action: e.target.value })}
          options={[{ value: '', label: t('journal.all') }, ...actions.map((a) => ({ value: a, label: actionLabel(a) }))]}
          data-testid="journal-action"
        />
        <Input
          id="journal-from"
          type="date"
          label={t('journal.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
          data-testid="journal-from"
        />
        <Input
          id="journal-to"
          type="date"
          label={t('journal.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
          data-testid="journal-to"
        />
      </div>
      {q.isError && !q.data ? (
        pageLoadKind(q.error) !== 'error' ? (
          <PageLoadError error={q.error} />
        ) : (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="journal-error" />
        )
      ) : (
        <>
          {q.data ? (
            <p className="clients-muted" data-testid="journal-total">
              {t('journal.count', { count: q.data.total })}
            </p>
          ) : null}
          <Table
            testId="journal-table"
            caption={t('tabs.logs')}
            columns={columns}
            rows={q.data?.entries ?? []}
            rowKey={(e) => e._id}
            rowTestId={(e) => `journal-row-${e._id}`}
            rowAttrs={(e) => ({ 'data-section': e.section, 'data-action': e.action })}
            loading={q.isPending || (q.isFetching && q.isPlaceholderData)}
            empty={<EmptyState title={t('journal.empty')} testId="journal-empty" />}
          />
          {q.data && q.data.total > JOURNAL_PAGE_SIZE ? (
            <Pagination page={page} pageSize={JOURNAL_PAGE_SIZE} total={q.data.total} onChange={setPage} testId="journal-pages" />
          ) : null}
        </>
      )}
    </div>
  );
}
