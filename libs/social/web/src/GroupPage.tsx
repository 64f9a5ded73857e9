import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { wallText } from './locales.ts';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useGroupAction } from './api/group-action.ts';
import { deleteGroup } from './api/group-delete.ts';
import { useGroup } from './api/group-get.ts';
import { useGroupFeed } from './api/post-group.ts';
import { Feed } from './Feed.tsx';
import { GroupActions } from './GroupActions.tsx';
import { GroupForm } from './GroupForm.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { typeTone } from './group-tone.ts';
import { PendingList } from './PendingList.tsx';
import { PostForm } from './PostForm.tsx';
import { useWallRealtime } from './realtime.ts';
import './social.css';

/** /group/{_id} and /groups/{_id} (§2): a group's feed, members, requests, invitations and settings by the caller's rights. Test id: group-page. */
export function GroupPage() {
  const { t } = wallText.useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useWallRealtime();
  const [tab, setTab] = useState<'feed' | 'members' | 'requests' | 'invitations' | 'settings'>('feed');
  const [deleting, setDeleting] = useState(false);
  const q = useGroup(id);
  const g = q.data;
  const feed = useGroupFeed(id, !!g?.can_read);
  const del = useGroupAction(() => deleteGroup(id), 'groups.deleted');
  if (q.isPending) return <Loader />;
  if (q.isError || !g)
    return pageLoadKind(q.error) !== 'error' ? <PageLoadError error={q.error} /> : <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const tabs = [
    { id: 'feed', label: t('groups.tabs.feed') },
    ...(g.can_read ? [{ id: 'members', label: `${t('groups.tabs.members')} (${g.members_count})` }] : []),
    ...(g.can_admin
      ? [
          { id: 'requests', label: `${t('groups.tabs.requests')} (${g.requests_count})` },
          { id: 'invitations', label: `${t('groups.tabs.invitations')} (${g.invitations_count})` },
          { id: 'settings', label: t('groups.tabs.settings') },
        ]
      : []),
  ];
  return (
    <section data-testid="group-page" data-state={g.state}>
      <p>
        <Link to="/groups/">← {t('groups.title')}</Link>
      </p>
      <header className="wall-card group-head">
        {g.cover ? <img className="group-head__cover" src={g.cover} alt="" /> : null}
        <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <h1 className="ui-page-title" data-testid="group-name">
            {g.name}
          </h1>
          <Badge tone={typeTone(g.type)}>{t(`groups.type.${g.type}`)}</Badge>
        </div>
        <p>{g.description}</p>
        <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <span className="wall-muted">{t('groups.members', { count: g.members_count })}</span>
          <GroupActions g={g} />
        </div>
      </header>
      <Tabs label={g.name} tabs={tabs} active={tab} onChange={(x) => setTab(x as typeof tab)}>
        {tab === 'feed' ? (
          g.can_read ? (
            <>
              {g.can_post ? <PostForm group={g._id} /> : null}
              <Feed q={feed} testId="group-feed" where="group" emptyText={t('groups.feedEmpty')} />
            </>
          ) : (
            <EmptyState title={t('groups.closedFeed')} testId="group-feed-closed" />
          )
        ) : tab === 'members' ? (
          <GroupMembers g={g} />
        ) : tab === 'requests' ? (
          <PendingList g={g} kind="request" />
        ) : tab === 'invitations' ? (
          <PendingList g={g} kind="invitation" />
        ) : (
          <div className="wall-card">
            <GroupForm group={g} onDone={() => setTab('feed')} />
            {g.state === 'owner' || g.can_admin ? (
              <Button variant="danger" onClick={() => setDeleting(true)} data-testid="group-delete">
                {t('groups.delete')}
              </Button>
            ) : null}
          </div>
        )}
      </Tabs>
      <ConfirmDialog
        open={deleting}
        message={t('groups.confirmDelete', { name: g.name })}
        onConfirm={() => del.mutateAsync(undefined).then(() => navigate('/groups/'))}
        onCancel={() => setDeleting(false)}
      />
    </section>
  );
}
