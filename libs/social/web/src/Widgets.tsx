import { Link } from 'react-router';
import { wallText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Loader } from '@intranet/web-ui';
import { Avatar } from './common.tsx';
import { useBirthdays } from './api/birthday-list.ts';
import { useThanks } from './api/thanks-all.ts';

/** Birthdays widget (§2 company feed widgets): the next 30 days. */
export function BirthdaysWidget() {
  const { t, i18n } = wallText.useT();
  const { client } = useSession();
  const q = useBirthdays(client?._id ?? null, 30);
  return (
    <section className="wall-card wall-widget" data-testid="birthdays-widget">
      <h3>
        🎂 {t('widgets.birthdays')}{' '}
        <Link className="wall-muted" to="/birthdays/">
          {t('widgets.all')}
        </Link>
      </h3>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <span className="wall-muted">{errorText(q.error)}</span>
      ) : q.data.length === 0 ? (
        <span className="wall-muted">{t('widgets.none')}</span>
      ) : (
        <ul>
          {q.data.slice(0, 6).map((b) => (
            <li key={b._id} className="wall-row">
              <Avatar id={b._id} name={b.fullName} src={b.avatar} size="small" />
              <span>
                {b.fullName}
                <br />
                <span className="wall-muted">
                  {new Date(b.next).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long' })} ·{' '}
                  {b.daysLeft === 0 ? t('widgets.today') : t('widgets.inDays', { count: b.daysLeft })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Thanks widget (§2): the latest thank-you posts. */
export function ThanksWidget() {
  const { t } = wallText.useT();
  const { client } = useSession();
  const q = useThanks(client?._id ?? null, 5);
  return (
    <section className="wall-card wall-widget" data-testid="thanks-widget">
      <h3>🙏 {t('widgets.thanks')}</h3>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <span className="wall-muted">{errorText(q.error)}</span>
      ) : q.data.posts.length === 0 ? (
        <span className="wall-muted">{t('widgets.none')}</span>
      ) : (
        <ul>
          {q.data.posts.map((p) => (
            <li key={p._id} className="wall-row">
              <Avatar id={p.author._id} name={p.author.fullName} src={p.author.avatar} size="small" />
              <Link to={`/post/${p._id}`}>
                {p.author.fullName} → {p.mentioned[0]?.fullName ?? ''}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
