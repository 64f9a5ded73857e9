import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { useSession, WidgetSlot } from '@intranet/web-session';
import { Button, EmptyState, ErrorState, Input, Loader, Pagination, Table, type Column } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import type { User } from '@intranet/people-contract';
import { Avatar } from './common.tsx';
import { Feed } from './Feed.tsx';
import { GroupsWidget } from './GroupsWidget.tsx';
import { PostCard } from './PostCard.tsx';
import { PinControl, PinnedWidget } from './Pins.tsx';
import { PostForm } from './PostForm.tsx';
import { ProfileEdit } from './ProfileEdit.tsx';
import { WriteButton } from './WriteButton.tsx';
import { useBirthdayPages } from './api/birthday-list.ts';
import { useFollow } from './api/follow-add.ts';
import type { PeopleSort } from './api/keys.ts';
import { usePeople } from './api/people-filter.ts';
import { useUser } from './api/people-get.ts';
import { useFollowsFeed } from './api/post-follows.ts';
import { usePost } from './api/post-get.ts';
import { useNewsFeed } from './api/post-news.ts';
import { useThanksTo } from './api/post-query.ts';
import { useUserFeed } from './api/post-user-feed.ts';
import { registerView } from './api/post-view.ts';
import { useWallRealtime } from './realtime.ts';
import { BirthdaysWidget, ThanksWidget } from './Widgets.tsx';
import './social.css';

/** /company (§2): the news feed, the post and thank-you form, birthdays and thanks widgets. Test id: company-page. */
export function WallPage() {
  const { t } = wallText.useT();
  const { client, isSuperadmin, hasRight, uid } = useSession();
  useWallRealtime();
  const [tab, setTab] = useState<'all' | 'follows'>('all');
  const feed = useNewsFeed(client?._id ?? null);
  const follows = useFollowsFeed(uid, tab === 'follows');
  return (
    <section data-testid="company-page">
      <h1 className="ui-page-title" data-testid="company-name">
        {client?.fullName || client?.name || t('wall')}
      </h1>
      {!client ? (
        <EmptyState
          title={isSuperadmin ? t('chooseClient') : t('loadError')}
          action={
            isSuperadmin ? (
              <Link to="/clients" className="ui-btn ui-btn--normal ui-btn--primary">
                Clients
              </Link>
            ) : undefined
          }
        />
      ) : (
        <div className="wall-layout">
          <div className="wall-feed">
            {hasRight('wall') ? <PostForm /> : null}
            <Tabs
              label={t('tabs.label')}
              tabs={[
                { id: 'all', label: t('tabs.all') },
                { id: 'follows', label: t('tabs.follows') },
              ]}
              active={tab}
              onChange={(id) => setTab(id as 'all' | 'follows')}
            >
              {tab === 'all' ? <Feed q={feed} testId="feed" /> : <Feed q={follows} testId="follows-feed" where="follows" emptyText={t('tabs.followsEmpty')} />}
            </Tabs>
          </div>
          <aside className="wall-side">
            <PinnedWidget />
            <GroupsWidget />
            <BirthdaysWidget />
            <ThanksWidget />
            {/* Widgets of other modules (polls, events, ...), as their remotes declare them for the wall. */}
            <WidgetSlot name="wall" />
          </aside>
        </div>
      )}
    </section>
  );
}

/** /post/{_id}: one post with its comments; registers the caller's view once (not the author's own, as in feeds). Test id: post-page. */
export function PostPage() {
  const { t } = wallText.useT();
  const { id = '' } = useParams();
  const { uid } = useSession();
  const qc = useQueryClient();
  useWallRealtime();
  const q = usePost(id, !!id);
  const viewed = useRef<string | null>(null);
  const authorId = q.data?.author._id ?? null;
  useEffect(() => {
    if (!authorId || viewed.current === id) return;
    viewed.current = id;
    if (authorId !== uid) registerView(qc, id, 'post');
  }, [authorId, uid, id, qc]);
  return (
    <section data-testid="post-page">
      <p>
        <Link to="/company">← {t('post.back')}</Link>
      </p>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        // An unknown or malformed id is the §8 not-found page; a missing right a clear no-access page.
        pageLoadKind(q.error) !== 'error' ? (
          <PageLoadError error={q.error} />
        ) : (
          <ErrorState title={t('post.notFound')} message={errorText(q.error)} onRetry={() => void q.refetch()} />
        )
      ) : (
        <PostCard post={q.data} expanded />
      )}
    </section>
  );
}

/**
 * Follow / unfollow a colleague (§7 Follow). The state and follower count come from the profile feed's answer, so
 * they are right after a reload; the follow answer and follow-changed events keep them current.
 */
function FollowButton({ userId, state }: { userId: string; state: { following: boolean; followers: number } | undefined }) {
  const { t } = wallText.useT();
  const follow = useFollow();
  const following = state?.following ?? false;
  return (
    <span className="wall-row">
      <Button
        variant={following ? 'secondary' : 'primary'}
        loading={follow.isPending}
        disabled={!state}
        onClick={() => follow.mutate({ user_id: userId, follow: !following })}
        data-testid="follow-button"
        aria-pressed={following}
      >
        {following ? t('profile.unfollow') : t('profile.follow')}
      </Button>
      {state ? (
        <span className="wall-muted" data-testid="followers-count">
          {t('profile.followers', { count: state.followers })}
        </span>
      ) : null}
    </span>
  );
}

/** /profile/{_id}: avatar, cover, contacts, about, social networks, follow button and the person's feed. */
export function ProfilePage() {
  const { t, i18n } = wallText.useT();
  const { id = '' } = useParams();
  const { uid, isAdmin, hasRight } = useSession();
  const [editing, setEditing] = useState(false);
  useWallRealtime();
  const q = useUser(id);
  const feed = useUserFeed(id);
  const [tab, setTab] = useState<'posts' | 'thanks'>('posts');
  const thanks = useThanksTo(id, tab === 'thanks');
  if (q.isPending) return <Loader />;
  if (q.isError && pageLoadKind(q.error) !== 'error') return <PageLoadError error={q.error} home={<Link to="/company">{t('post.back')}</Link>} />;
  if (q.isError) return <ErrorState title={t('profile.notFound')} message={errorText(q.error)} onRetry={() => void q.refetch()} testId="profile-error" />;
  const u = q.data;
  const date = (s: string | null) => (s ? new Date(s).toLocaleDateString(i18n.language) : null);
  const rows: [string, string | null][] = [
    [t('profile.email'), u.email],
    [t('profile.phone'), u.phone],
    [t('profile.internalPhone'), u.internalPhone],
    [t('profile.city'), u.city],
    [t('profile.cabinet'), u.cabinet],
    [t('profile.department'), u.department],
    [t('profile.birthDate'), date(u.birthDate)],
    [t('profile.workingSince'), date(u.workingSince)],
  ];
  const social = Object.entries(u.social ?? {}).filter(([, v]) => !!v);
  return (
    <section data-testid="profile-page">
      <div className="wall-cover" style={u.cover ? { backgroundImage: `url("${u.cover}")` } : undefined} />
      <div className="wall-profile-head">
        <span className="wall-avatar wall-avatar--big">
          {u.avatar_big || u.avatar ? <img src={u.avatar_big ?? u.avatar!} alt={u.fullName} /> : u.fullName.slice(0, 1)}
        </span>
        <div className="wall-profile-head__who">
          <h1 className="ui-page-title" style={{ margin: 0 }} data-testid="profile-name">
            {u.fullName}
          </h1>
          <div className="wall-muted">{[u.position, u.department].filter(Boolean).join(' · ')}</div>
        </div>
        <div className="wall-profile-head__actions">
          {uid && uid !== u._id ? <WriteButton userId={u._id} name={u.fullName} /> : null}
          {uid && uid !== u._id ? <FollowButton userId={u._id} state={feed.data?.pages[0]} /> : null}
          {(uid === u._id && hasRight('profile_edit')) || isAdmin ? (
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="profile-edit-open">
              {t('profile.edit')}
            </Button>
          ) : null}
        </div>
        {editing ? <ProfileEdit user={u} open onClose={() => setEditing(false)} /> : null}
      </div>
      <div className="wall-layout">
        <div className="wall-feed">
          <Tabs
            label={u.fullName}
            tabs={[
              { id: 'posts', label: t('profile.posts') },
              { id: 'thanks', label: t('thanksTo.title') },
            ]}
            active={tab}
            onChange={(x) => setTab(x as 'posts' | 'thanks')}
          >
            {tab === 'posts' ? (
              <Feed q={feed} testId="user-feed" where="profile" />
            ) : (
              <Feed q={thanks} testId="thanks-feed" where="profile" emptyText={t('thanksTo.empty')} />
            )}
          </Tabs>
        </div>
        <aside className="wall-side">
          {isAdmin && u.client_id && u.status !== 'deleted' ? <PinControl key={`${u._id}:${u.pinned_num}`} user={u} /> : null}
          <section className="wall-card wall-widget">
            <h3>{t('profile.contacts')}</h3>
            <dl className="wall-dl">
              {rows
                .filter(([, v]) => !!v)
                .map(([k, v]) => (
                  <Fragment key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </Fragment>
                ))}
            </dl>
          </section>
          {u.about ? (
            <section className="wall-card wall-widget">
              <h3>{t('profile.about')}</h3>
              <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{u.about}</p>
            </section>
          ) : null}
          {social.length ? (
            <section className="wall-card wall-widget">
              <h3>{t('profile.social')}</h3>
              <ul>
                {social.map(([k, v]) => (
                  <li key={k}>
                    <a href={v} target="_blank" rel="noopener noreferrer">
                      {k}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </section>
  );
}

const PAGE_SIZE = 20;

/** Address book columns the server sorts by (people's filter: lastName, position, department, city). */
const SORTABLE: Record<string, PeopleSort['key']> = { name: 'lastName', position: 'position', department: 'department', city: 'city' };

/**
 * /addressBook/: colleagues by POST api/user/filter/{workspace} with search, paging and sorting by name, position,
 * department or city (a header click sorts by it; again reverses). Test id: address-book.
 */
export function AddressBookPage() {
  const { t } = wallText.useT();
  const { workspace } = useSession();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<PeopleSort>({ key: 'lastName', order: 'asc' });
  const onSort = (column: string) => {
    const key = SORTABLE[column];
    if (!key) return;
    setSort((s) => ({ key, order: s.key === key && s.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };
  useEffect(() => {
    const h = setTimeout(() => {
      setDebounced(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(h);
  }, [search]);
  const q = usePeople(workspace, debounced, page, PAGE_SIZE, true, sort);
  const columns: Column<User>[] = [
    {
      key: 'name',
      sortable: true,
      header: t('address.name'),
      render: (u) => (
        <span className="wall-row">
          <Avatar id={u._id} name={u.fullName} src={u.avatar} size="small" />
          <Link to={`/profile/${u._id}`}>{u.fullName}</Link>
        </span>
      ),
    },
    { key: 'position', sortable: true, header: t('address.position'), render: (u) => u.position ?? '' },
    { key: 'department', sortable: true, header: t('address.department'), render: (u) => u.department ?? '' },
    { key: 'email', header: t('address.email'), render: (u) => <a href={`mailto:${u.email}`}>{u.email}</a> },
    { key: 'phone', header: t('address.phone'), render: (u) => u.phone ?? '' },
    { key: 'city', sortable: true, header: t('address.city'), render: (u) => u.city ?? '' },
    {
      key: 'write',
      header: <span className="ui-visually-hidden">{t('profile.write')}</span>,
      render: (u) => <WriteButton userId={u._id} name={u.fullName} size="small" />,
    },
  ];
  return (
    <section data-testid="address-book">
      <h1 className="ui-page-title">{t('address.title')}</h1>
      <div className="ui-toolbar">
        <Input
          label={<span className="ui-visually-hidden">{t('address.search')}</span>}
          placeholder={t('address.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="address-search"
        />
      </div>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        pageLoadKind(q.error) !== 'error' ? (
          <PageLoadError error={q.error} />
        ) : (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        )
      ) : q.data.users.length === 0 ? (
        <EmptyState title={t('address.empty')} />
      ) : (
        <>
          <Table
            columns={columns}
            rows={q.data.users}
            rowKey={(u) => u._id}
            sort={{ key: Object.keys(SORTABLE).find((c) => SORTABLE[c] === sort.key) ?? 'name', order: sort.order }}
            onSort={onSort}
            loading={q.isFetching}
            rowTestId={(u) => `address-row-${u._id}`}
            testId="address-table"
          />
          <Pagination page={page} pageSize={PAGE_SIZE} total={q.data.total} onChange={setPage} />
        </>
      )}
    </section>
  );
}

/**
 * /birthdays/: everybody by next birthday, grouped by month and day — today first, then the upcoming ones — loaded
 * 50 at a time from the server (GET api/clients/{id}/birthdays?offset&limit). Test ids: birthdays-page,
 * birthdays-month-<MM>, birthdays-day-<MM-DD>, birthdays-more.
 */
export function BirthdaysPage() {
  const { t, i18n } = wallText.useT();
  const { client } = useSession();
  const q = useBirthdayPages(client?._id ?? null);
  const people = q.data?.pages.flat() ?? [];
  // The list is sorted by days left, so months and days come in order (a month may recur after a year: key by both).
  const months: { key: string; label: string; days: { key: string; label: string; today: boolean; people: typeof people }[] }[] = [];
  for (const b of people) {
    const [y, m, d] = b.next.split('-');
    const mKey = `${y}-${m}`;
    let month = months[months.length - 1];
    if (!month || month.key !== mKey) {
      month = { key: mKey, label: new Date(`${y}-${m}-15T12:00:00`).toLocaleDateString(i18n.language, { month: 'long', year: 'numeric' }), days: [] };
      months.push(month);
    }
    let day = month.days[month.days.length - 1];
    if (!day || day.key !== `${m}-${d}`) {
      day = {
        key: `${m}-${d}`,
        label: new Date(`${b.next}T12:00:00`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', weekday: 'short' }),
        today: b.daysLeft === 0,
        people: [],
      };
      month.days.push(day);
    }
    day.people.push(b);
  }
  return (
    <section data-testid="birthdays-page">
      <h1 className="ui-page-title">{t('birthdays.title')}</h1>
      {!client || q.isPending ? (
        <Loader />
      ) : q.isError ? (
        pageLoadKind(q.error) !== 'error' ? (
          <PageLoadError error={q.error} />
        ) : (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        )
      ) : people.length === 0 ? (
        <EmptyState title={t('birthdays.empty')} />
      ) : (
        <>
          {months.map((mo) => (
            <section key={mo.key} className="wall-card wall-widget wall-bd-month" data-testid={`birthdays-month-${mo.key.slice(5)}`}>
              <h2 className="wall-bd-month__title">{mo.label}</h2>
              {mo.days.map((day) => (
                <div key={day.key} className={`wall-bd-day${day.today ? ' wall-bd-day--today' : ''}`} data-testid={`birthdays-day-${day.key}`}>
                  <h3 className="wall-bd-day__title">
                    {day.today ? `${t('birthdays.todayGroup')} · ` : ''}
                    {day.label}
                    {!day.today ? <span className="wall-muted"> · {t('widgets.inDays', { count: day.people[0]!.daysLeft })}</span> : null}
                  </h3>
                  <ul>
                    {day.people.map((b) => (
                      <li key={b._id} className="wall-row">
                        <Avatar id={b._id} name={b.fullName} src={b.avatar} size="small" />
                        <span>
                          <Link to={`/profile/${b._id}`}>{b.fullName}</Link>
                          {b.position ? <span className="wall-muted"> · {b.position}</span> : null}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))}
          {q.hasNextPage ? (
            <Button variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} data-testid="birthdays-more">
              {t('birthdays.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
