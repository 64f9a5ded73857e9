import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import { z } from '@intranet/platform-contracts';
import {
  GROUP_PAGE_SIZE,
  GROUP_TYPES,
  groupCreateBody,
  groupUpdateBody,
  socialRoutes,
  type Group,
  type GroupPending,
  type GroupType,
} from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText, PageLoadError, pageLoadKind, type NamespaceKey } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Input, Loader, Modal, Pagination, useNotifier } from '@intranet/web-ui';
import { Combobox, Tabs } from '@intranet/web-ui/widgets';
import { Avatar } from './common.tsx';
import { Feed } from './Feed.tsx';
import { PostForm } from './PostForm.tsx';
import { socialKeys, useGroupFeed, useMyGroupsFeed, usePeople } from './queries.ts';
import { useWallRealtime } from './realtime.ts';
import './social.css';

const gk = {
  list: (tab: string, id: string, search: string, page: number) => [...socialKeys.groups, 'list', tab, id, search, page] as const,
  one: (id: string) => [...socialKeys.groups, 'one', id] as const,
  members: (id: string, page: number) => [...socialKeys.groups, 'members', id, page] as const,
  requests: (id: string) => [...socialKeys.groups, 'requests', id] as const,
  invitations: (id: string) => [...socialKeys.groups, 'invitations', id] as const,
  pending: (uid: string) => [...socialKeys.groups, 'pending', uid] as const,
};

/** A group action's mutation: runs `fn`, refreshes every group query, words a refusal in a toast. */
function useGroupAction<A>(fn: (a: A) => Promise<unknown>, done?: NamespaceKey<typeof wallText>) {
  const qc = useQueryClient();
  const notify = useNotifier();
  const { t } = wallText.useT();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: socialKeys.groups });
      if (done) notify.toast(t(done), 'success');
    },
    onError: (e) => notify.toast(errorText(e), 'error'),
  });
}

const typeTone = (type: GroupType) => (type === 'public' ? 'success' : type === 'closed' ? 'primary' : 'danger');

/** The join / ask / cancel / accept / decline / leave buttons a group shows for the caller's state (§4 Group). */
function GroupActions({ g, compact }: { g: Group; compact?: boolean }) {
  const { t } = wallText.useT();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const act = useGroupAction((route: keyof typeof socialRoutes) => call(socialRoutes[route] as never, { params: { id: g._id }, silent: true } as never));
  const size = compact ? 'small' : undefined;
  const btn = (route: keyof typeof socialRoutes, label: 'join' | 'ask' | 'cancel' | 'accept' | 'decline', variant: 'primary' | 'secondary' = 'primary') => (
    <Button
      size={size}
      variant={variant}
      loading={act.isPending && act.variables === route}
      onClick={() => act.mutate(route)}
      data-testid={`group-${label}-${g._id}`}
    >
      {t(`groups.action.${label}`)}
    </Button>
  );
  switch (g.state) {
    case 'none':
      return g.type === 'public' ? btn('groupJoin', 'join') : g.type === 'closed' ? btn('groupJoin', 'ask') : null;
    case 'requested':
      return (
        <span className="wall-row">
          <Badge>{t('groups.state.requested')}</Badge>
          {btn('groupRequestCancel', 'cancel', 'secondary')}
        </span>
      );
    case 'invited':
      return (
        <span className="wall-row">
          {btn('groupInvitationAccept', 'accept')}
          {btn('groupInvitationDecline', 'decline', 'secondary')}
        </span>
      );
    case 'owner':
      return <Badge tone="primary">{t('groups.state.owner')}</Badge>;
    default:
      return (
        <span className="wall-row">
          <Badge>{t(`groups.state.${g.state}`)}</Badge>
          <Button size={size} variant="secondary" onClick={() => setConfirmLeave(true)} data-testid={`group-leave-${g._id}`}>
            {t('groups.action.leave')}
          </Button>
          <ConfirmDialog
            open={confirmLeave}
            danger={false}
            message={t('groups.confirmLeave', { name: g.name })}
            onConfirm={() => act.mutateAsync('groupLeave')}
            onCancel={() => setConfirmLeave(false)}
            testId="group-leave-confirm"
          />
        </span>
      );
  }
}

function GroupCard({ g }: { g: Group }) {
  const { t } = wallText.useT();
  return (
    <li className="wall-card group-card" data-testid={`group-card-${g._id}`}>
      <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Link to={`/group/${g._id}`} className="group-card__name">
          {g.name}
        </Link>
        <Badge tone={typeTone(g.type)}>{t(`groups.type.${g.type}`)}</Badge>
      </div>
      <p className="wall-muted">{g.description}</p>
      <div className="wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <span className="wall-muted">{t('groups.members', { count: g.members_count })}</span>
        <GroupActions g={g} compact />
      </div>
    </li>
  );
}

type GroupValues = z.input<typeof groupCreateBody>;

/** Create or edit a group (§5: name ≤ 50, description ≤ 250, type), one `useApiForm` over the contract's body. */
function GroupForm({ group, onDone }: { group?: Group; onDone: (g: Group) => void }) {
  const { t } = wallText.useT();
  const qc = useQueryClient();
  const form = useApiForm({
    schema: group ? (groupUpdateBody as unknown as typeof groupCreateBody) : groupCreateBody,
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '', type: group?.type ?? 'public' } as GroupValues,
    onSubmit: async (v) => {
      const g = group
        ? await call(socialRoutes.groupUpdate, { params: { id: group._id }, body: v, silent: true })
        : await call(socialRoutes.groupCreate, { body: v, silent: true });
      void qc.invalidateQueries({ queryKey: socialKeys.groups });
      onDone(g);
    },
  });
  return (
    <ApiFormView form={form} errorTestId="group-form-error" data-testid="group-form">
      <FormField form={form} name="name" id="group-name" label={t('groups.form.name')} maxLength={60} />
      <FormField form={form} name="description" id="group-description" label={t('groups.form.description')} rows={3} />
      <FormField
        form={form}
        name="type"
        id="group-type"
        label={t('groups.form.type')}
        choices={GROUP_TYPES.map((ty) => ({ value: ty, label: `${t(`groups.type.${ty}`)} — ${t(`groups.typeHint.${ty}`)}` }))}
      />
      <SubmitRow form={form} label={group ? t('groups.form.save') : t('groups.form.create')} testId="group-submit" />
    </ApiFormView>
  );
}

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
  const list = useQuery({
    queryKey: gk.list(tab, tab === 'mine' ? (uid ?? '') : clientId, search.trim(), page),
    queryFn: ({ signal }) =>
      tab === 'mine'
        ? call(socialRoutes.groupByUser, { params: { id: uid! }, query: { search: search.trim() || undefined, page }, signal, silent: true })
        : call(socialRoutes.groupByClient, { params: { id: clientId }, query: { search: search.trim() || undefined, page }, signal, silent: true }),
    enabled: tab !== 'pending' && !!clientId && !!uid,
    placeholderData: keepPreviousData,
  });
  const pending = useQuery({
    queryKey: gk.pending(uid ?? ''),
    queryFn: ({ signal }) => call(socialRoutes.groupPending, { params: { id: uid! }, signal, silent: true }),
    enabled: tab === 'pending' && !!uid,
  });
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

/**
 * One open request or invitation: of the caller (accept/decline, cancel) or, for admins, of a person (approve/reject
 * a request; withdraw an invitation, confirmed first).
 */
function PendingRow({ p, mine }: { p: GroupPending; mine?: boolean }) {
  const { t, i18n } = wallText.useT();
  const [withdrawing, setWithdrawing] = useState(false);
  const act = useGroupAction(async (what: 'approve' | 'reject' | 'cancel' | 'accept' | 'decline' | 'withdraw') => {
    const gu = { groupId: p.group_id, userId: p.user._id };
    if (what === 'withdraw') return call(socialRoutes.groupInvitationWithdraw, { params: gu, silent: true });
    if (what === 'approve') return call(socialRoutes.groupRequestApprove, { params: gu, silent: true });
    if (what === 'reject') return call(socialRoutes.groupRequestReject, { params: gu, silent: true });
    if (what === 'cancel') return call(socialRoutes.groupRequestCancel, { params: { id: p.group_id }, silent: true });
    if (what === 'accept') return call(socialRoutes.groupInvitationAccept, { params: { id: p.group_id }, silent: true });
    return call(socialRoutes.groupInvitationDecline, { params: { id: p.group_id }, silent: true });
  });
  const b = (what: Parameters<typeof act.mutate>[0], variant: 'primary' | 'secondary' = 'primary') => (
    <Button
      size="small"
      variant={variant}
      loading={act.isPending && act.variables === what}
      onClick={() => (what === 'withdraw' ? setWithdrawing(true) : act.mutate(what))}
      data-testid={`pending-${what}-${p.user._id}`}
    >
      {t(`groups.action.${what}`)}
    </Button>
  );
  return (
    <li
      className="wall-card wall-row"
      style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
      data-testid={`pending-${p.kind}-${p.group_id}-${p.user._id}`}
    >
      <span className="wall-row">
        {mine ? (
          <Link to={`/group/${p.group_id}`}>{p.group_name}</Link>
        ) : (
          <>
            <Avatar id={p.user._id} name={p.user.fullName} src={p.user.avatar} size="small" /> {p.user.fullName}
          </>
        )}
        <span className="wall-muted">
          {t(`groups.kind.${p.kind}`)} · {new Date(p.created).toLocaleDateString(i18n.language)}
        </span>
      </span>
      <span className="wall-row">
        {mine
          ? p.kind === 'invitation'
            ? [b('accept'), b('decline', 'secondary')]
            : b('cancel', 'secondary')
          : p.kind === 'request'
            ? [b('approve'), b('reject', 'secondary')]
            : b('withdraw', 'secondary')}
      </span>
      <ConfirmDialog
        open={withdrawing}
        message={t('groups.confirmWithdraw', { name: p.user.fullName })}
        onConfirm={() => act.mutateAsync('withdraw').then(() => setWithdrawing(false))}
        onCancel={() => setWithdrawing(false)}
      />
    </li>
  );
}

function Members({ g }: { g: Group }) {
  const { t } = wallText.useT();
  const { uid } = useSession();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: gk.members(g._id, page),
    queryFn: ({ signal }) => call(socialRoutes.groupMembers, { params: { id: g._id }, query: { page }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const act = useGroupAction(async (a: { what: 'remove' | 'admin' | 'member' | 'owner'; userId: string }) => {
    const params = { groupId: g._id, userId: a.userId };
    if (a.what === 'remove') return call(socialRoutes.groupMemberRemove, { params, silent: true });
    if (a.what === 'owner') return call(socialRoutes.groupSetOwner, { params: { groupId: g._id, newOwner: a.userId }, silent: true });
    return call(socialRoutes.groupMemberAdmin, { params, body: { admin: a.what === 'admin' }, silent: true });
  });
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const owner = g.state === 'owner';
  return (
    <>
      <ul className="group-list" data-testid="group-members">
        {q.data.members.map((m) => (
          <li key={m._id} className="wall-card wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }} data-testid={`member-${m._id}`}>
            <span className="wall-row">
              <Avatar id={m._id} name={m.fullName} src={m.avatar} size="small" /> {m.fullName}
              {m.role !== 'member' ? <Badge tone="primary">{t(`groups.state.${m.role}`)}</Badge> : null}
            </span>
            {g.can_admin && m.role !== 'owner' && m._id !== uid ? (
              <span className="wall-row">
                {owner ? (
                  <>
                    <Button size="small" variant="secondary" onClick={() => act.mutate({ what: m.role === 'admin' ? 'member' : 'admin', userId: m._id })}>
                      {t(m.role === 'admin' ? 'groups.action.unadmin' : 'groups.action.admin')}
                    </Button>
                    <Button size="small" variant="secondary" onClick={() => act.mutate({ what: 'owner', userId: m._id })} data-testid={`member-owner-${m._id}`}>
                      {t('groups.action.handOver')}
                    </Button>
                  </>
                ) : null}
                <Button size="small" variant="danger" onClick={() => setRemoving({ id: m._id, name: m.fullName })} data-testid={`member-remove-${m._id}`}>
                  {t('groups.action.remove')}
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={q.data.limit} total={q.data.total} onChange={setPage} />
      <ConfirmDialog
        open={!!removing}
        message={t('groups.confirmRemove', { name: removing?.name ?? '' })}
        onConfirm={() => act.mutateAsync({ what: 'remove', userId: removing!.id }).then(() => setRemoving(null))}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function PendingList({ g, kind }: { g: Group; kind: 'request' | 'invitation' }) {
  const { t } = wallText.useT();
  const q = useQuery({
    queryKey: kind === 'request' ? gk.requests(g._id) : gk.invitations(g._id),
    queryFn: ({ signal }) =>
      call(kind === 'request' ? socialRoutes.groupRequests : socialRoutes.groupInvitations, { params: { id: g._id }, signal, silent: true }),
  });
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  return (
    <>
      {kind === 'invitation' ? <Invite g={g} /> : null}
      {q.data.length === 0 ? (
        <EmptyState title={t(kind === 'request' ? 'groups.noRequests' : 'groups.noInvitations')} />
      ) : (
        <ul className="group-list" data-testid={`group-${kind}s`}>
          {q.data.map((p) => (
            <PendingRow key={p.user._id} p={p} />
          ))}
        </ul>
      )}
    </>
  );
}

/** Invite a colleague: the address book searched after 2 letters. */
function Invite({ g }: { g: Group }) {
  const { t } = wallText.useT();
  const { workspace } = useSession();
  const [query, setQuery] = useState('');
  const people = usePeople(workspace, query.trim(), 1, 8, query.trim().length >= 2);
  const invite = useGroupAction(
    (id: string) => call(socialRoutes.groupInvite, { params: { id: g._id }, body: { user_ids: [id] }, silent: true }),
    'groups.invited',
  );
  return (
    <div className="ui-field">
      <label htmlFor="group-invite" className="ui-field__label">
        {t('groups.invite')}
      </label>
      <Combobox
        id="group-invite"
        value={query}
        onChange={setQuery}
        placeholder={t('form.toPlaceholder')}
        options={(query.trim().length >= 2 ? (people.data?.users ?? []) : []).map((u) => ({
          value: u._id,
          label: u.fullName,
          detail: u.position || undefined,
        }))}
        onSelect={(o) => {
          invite.mutate(o.value);
          setQuery('');
        }}
        listLabel={t('common:suggestions')}
        listTestId="group-invite-suggest"
        data-testid="group-invite"
      />
    </div>
  );
}

/** /group/{_id} and /groups/{_id} (§2): a group's feed, members, requests, invitations and settings by the caller's rights. Test id: group-page. */
export function GroupPage() {
  const { t } = wallText.useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useWallRealtime();
  const [tab, setTab] = useState<'feed' | 'members' | 'requests' | 'invitations' | 'settings'>('feed');
  const [deleting, setDeleting] = useState(false);
  const q = useQuery({ queryKey: gk.one(id), queryFn: ({ signal }) => call(socialRoutes.groupGet, { params: { id }, signal, silent: true }), enabled: !!id });
  const g = q.data;
  const feed = useGroupFeed(id, !!g?.can_read);
  const del = useGroupAction(() => call(socialRoutes.groupDelete, { params: { id }, silent: true }), 'groups.deleted');
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
          <Members g={g} />
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

/** The wall's groups widget (§2 company feed widgets): my groups and the newest posts of my groups. */
export function GroupsWidget() {
  const { t } = wallText.useT();
  const { uid, hasRight } = useSession();
  const enabled = !!uid && hasRight('groups');
  const q = useQuery({
    queryKey: gk.list('widget', uid ?? '', '', 1),
    queryFn: ({ signal }) => call(socialRoutes.groupByUser, { params: { id: uid! }, query: { limit: 5 }, signal, silent: true }),
    enabled,
  });
  const posts = useMyGroupsFeed(uid, enabled);
  if (!enabled) return null;
  const latest = posts.data?.pages[0]?.posts.slice(0, 3) ?? [];
  return (
    <section className="wall-card wall-widget" data-testid="groups-widget">
      <h3>
        👥 {t('groups.title')}{' '}
        <Link className="wall-muted" to="/groups/">
          {t('widgets.all')}
        </Link>
      </h3>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <span className="wall-muted">{errorText(q.error)}</span>
      ) : q.data.groups.length === 0 ? (
        <span className="wall-muted">{t('groups.noneMine')}</span>
      ) : (
        <ul>
          {q.data.groups.map((g) => (
            <li key={g._id}>
              <Link to={`/group/${g._id}`}>{g.name}</Link> <span className="wall-muted">· {t('groups.members', { count: g.members_count })}</span>
            </li>
          ))}
        </ul>
      )}
      {latest.length ? (
        <ul className="wall-muted" data-testid="groups-widget-posts">
          {latest.map((p) => (
            <li key={p._id}>
              <Link to={`/post/${p._id}`}>{p.author.fullName}</Link>: {p.message.replace(/<[^>]+>/g, '').slice(0, 60)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
