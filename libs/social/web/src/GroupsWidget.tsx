import { Link } from 'react-router';
import { wallText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Loader } from '@intranet/web-ui';
import { useUserGroups } from './api/group-by-user.ts';
import { useMyGroupsFeed } from './api/post-group-user.ts';

/** The wall's groups widget (§2 company feed widgets): my groups and the newest posts of my groups. */
export function GroupsWidget() {
  const { t } = wallText.useT();
  const { uid, hasRight } = useSession();
  const enabled = !!uid && hasRight('groups');
  const q = useUserGroups(uid ?? null, '', 1, 5, enabled);
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
