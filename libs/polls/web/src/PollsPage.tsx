import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pollsText } from './locales.ts';
import type { PollListItem } from '@intranet/polls-contract';
import { formatDate } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { Badge, EmptyState, Input, Loader, Pagination, useDebounced } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { usePollList } from './api/poll-access-for.ts';
import { LoadError, NeedClient, usePolls } from './common.tsx';
import './polls.css';

const TABS = ['active', 'passed', 'mine'] as const;
type Tab = (typeof TABS)[number];
const LIMIT = 20;

function PollCard({ p }: { p: PollListItem }) {
  const { t } = pollsText.useT();
  return (
    <li className="polls-card ui-card" data-testid={`poll-card-${p._id}`}>
      <div className="polls-card__head">
        <Link to={`/poll/${p._id}`} className="polls-card__title">
          {p.name}
        </Link>
        <Badge>{t(`type.${p.type}`)}</Badge>
        {p.status === 'finished' ? <Badge>{t('status.finished')}</Badge> : null}
        {p.passed ? <Badge>{t('passedMark')}</Badge> : null}
      </div>
      {p.description ? <p className="polls-card__text">{p.description}</p> : null}
      <p className="polls-card__meta">
        {t('questions', { count: p.questionsCount })} · {t('answers', { count: p.answersCount })}
        {p.canManage ? ` · ${t('recipientsCount', { count: p.recipientsCount })}` : ''}
        {p.end_date ? ` · ${t('until', { date: formatDate(p.end_date) })}` : ''}
      </p>
      <div className="polls-card__actions">
        {!p.passed && p.status === 'active' && !p.canManage ? (
          <Link className="ui-btn ui-btn--small ui-btn--primary" to={`/poll/${p._id}`}>
            {t('open')}
          </Link>
        ) : null}
        {p.canSeeResults ? (
          <Link className="ui-btn ui-btn--small ui-btn--secondary" to={`/poll/${p._id}/results`} data-testid={`poll-results-${p._id}`}>
            {t('results')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/**
 * /polls (§2): tabs active (to answer), passed (answered or finished) and mine (managed; poll managers only), a
 * search and pages — GET api/user/{clientId}/polls/access_for/{userId}. Live: a poll published to the user or
 * finished refreshes the list. Test ids: polls-page, polls-tab-*, polls-search, poll-card-<id>, polls-create.
 */
function PollsList() {
  const { t } = pollsText.useT();
  const { clientId, uid } = usePolls();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'active';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 250);
  const list = usePollList(clientId, uid, { tab, page, limit: LIMIT, ...(q ? { search: q } : {}) });
  useRealtimeEvent('evt.polls.poll.published', () => void list.refetch());
  useRealtimeEvent('evt.polls.poll.finished', () => void list.refetch());
  const canCreate = list.data?.canCreate ?? false;
  return (
    <section className="page polls" data-testid="polls-page">
      <header className="polls__header">
        <h1>{t('title')}</h1>
        {canCreate ? (
          <Link to="/poll/new" className="ui-btn ui-btn--normal ui-btn--primary" data-testid="polls-create">
            {t('create')}
          </Link>
        ) : null}
      </header>
      <Tabs
        label={t('title')}
        active={tab}
        onChange={(id) => {
          setPage(1);
          setParams(id === 'active' ? {} : { tab: id });
        }}
        tabs={TABS.filter((x) => x !== 'mine' || canCreate || tab === 'mine').map((id) => ({
          id,
          label: <span data-testid={`polls-tab-${id}`}>{t(`tabs.${id}`)}</span>,
        }))}
      />
      <Input
        label={t('search')}
        type="search"
        value={search}
        placeholder={t('search')}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        data-testid="polls-search"
      />
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.polls.length === 0 ? (
        <EmptyState title={t(`empty.${tab}`)} testId="polls-empty" />
      ) : (
        <>
          <ul className="polls__list" data-testid="polls-list">
            {list.data.polls.map((p) => (
              <PollCard key={p._id} p={p} />
            ))}
          </ul>
          {list.data.total > LIMIT ? <Pagination page={page} total={list.data.total} pageSize={LIMIT} onChange={setPage} /> : null}
        </>
      )}
      {list.isFetching && !list.isPending ? <span className="visually-hidden">…</span> : null}
    </section>
  );
}

export default function PollsPage() {
  return (
    <NeedClient>
      <PollsList />
    </NeedClient>
  );
}
