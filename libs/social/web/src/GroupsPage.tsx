import { useState } from 'react';
import { useNavigate } from 'react-router';
import { wallText } from './locales.ts';
import { GROUP_PAGE_SIZE } from '@intranet/social-contract';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Button, EmptyState, ErrorState, Input, Loader, Modal, Pagination } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useClientGroups } from './api/group-by-client.ts';
import { useUserGroups } from './api/group-by-user.ts';
import { useMyPending } from './api/group-pending.ts';
import { GroupCard } from './GroupCard.tsx';
import { GroupForm } from './GroupForm.tsx';
import { PendingRow } from './PendingRow.tsx';
import { useWallRealtime } from './realtime.ts';
import './social.css';

/** /groups/ (§2): the catalogue (all, mine, requests and invitations), search by name, create a group. Test id: groups-page. */
export function GroupsPage() {
  const { t } = wallText.useT();
  const { client, uid } = useSession();
  const navigate = useNavigate();
  useWallRealtime();
  const [tab, setTab] = useState<'all' | 'mine' | 'pending'>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const clientId = client?._id ?? '';
  const mine = useUserGroups(uid ?? null, search.trim(), page, undefined, tab === 'mine' && !!clientId);
  const all = useClientGroups(clientId, search.trim(), page, tab === 'all' && !!uid);
  const list = tab === 'mine' ? mine : all;
  const pending = useMyPending(uid ?? null, tab === 'pending');
  return (
    <section data-testid="groups-page">
      <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <h1 className="ui-page-title">{t('groups.title')}</h1>
        <Button onClick={() => setCreating(true)} data-testid="group-create">
          {t('groups.create')}
        </Button>
      </div>
      <Tabs
        label={t('groups.title')}
        tabs={[
          { id: 'all', label: t('groups.tabs.all') },
          { id: 'mine', label: t('groups.tabs.mine') },
          { id: 'pending', label: t('groups.tabs.pending') },
        ]}
        active={tab}
        onChange={(id) => {
          setTab(id as typeof tab);
          setPage(1);
        }}
      >
        {tab === 'pending' ? (
          pending.isPending ? (
            <Loader />
          ) : pending.isError ? (
            <ErrorState message={errorText(pending.error)} onRetry={() => void pending.refetch()} />
          ) : pending.data.requests.length + pending.data.invitations.length === 0 ? (
            <EmptyState title={t('groups.noPending')} testId="groups-pending-empty" />
          ) : (
            <ul className="group-list" data-testid="groups-pending">
              {[...pending.data.invitations, ...pending.data.requests].map((p) => (
                <PendingRow key={`${p.kind}-${p.group_id}`} p={p} mine />
              ))}
            </ul>
          )
        ) : (
          <>
            <Input
              id="groups-search"
              label={t('groups.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              data-testid="groups-search"
            />
            {list.isPending ? (
              <Loader />
            ) : list.isError ? (
              <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
            ) : list.data.groups.length === 0 ? (
              <EmptyState title={search ? t('groups.nothingFound') : t('groups.empty')} testId="groups-empty" />
            ) : (
              <>
                <ul className="group-list" data-testid="groups-list">
                  {list.data.groups.map((g) => (
                    <GroupCard key={g._id} g={g} />
                  ))}
                </ul>
                <Pagination page={page} pageSize={GROUP_PAGE_SIZE} total={list.data.total} onChange={setPage} />
              </>
            )}
          </>
        )}
      </Tabs>
      <Modal open={creating} title={t('groups.create')} onClose={() => setCreating(false)} testId="group-create-modal">
        <GroupForm
          onDone={(g) => {
            setCreating(false);
            navigate(`/group/${g._id}`);
          }}
        />
      </Modal>
    </section>
  );
}
