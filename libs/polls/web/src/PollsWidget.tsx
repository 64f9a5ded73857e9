import { Link } from 'react-router';
import { pollsText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { Loader } from '@intranet/web-ui';
import { usePollList } from './api/poll-access-for.ts';
import { usePolls } from './common.tsx';
import './polls.css';

/**
 * The wall's "polls" widget (§2 company feed widgets): up to five polls waiting for the user's answer, live on
 * evt.polls.poll.published. Exposed by the polls remote as `polls/PollsWidget`. Test id: polls-widget.
 */
export default function PollsWidget() {
  const { t } = pollsText.useT();
  const { clientId, uid } = usePolls();
  const q = usePollList(clientId, uid, { tab: 'active', limit: 5 });
  useRealtimeEvent('evt.polls.poll.published', () => void q.refetch(), !!clientId);
  // Not a recipient of the module (no `polls` right, the feature off): the wall shows no widget rather than an error.
  if (!clientId || !uid || (q.isError && [403, 404].includes((q.error as { status?: number }).status ?? 0))) return null;
  return (
    <section className="ui-card polls-widget" data-testid="polls-widget">
      <h3>
        {t('title')} <Link to="/polls">{t('tabs.active')}</Link>
      </h3>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <span className="polls-card__meta">{errorText(q.error)}</span>
      ) : q.data.polls.length === 0 ? (
        <span className="polls-card__meta">{t('empty.active')}</span>
      ) : (
        <ul className="polls__list">
          {q.data.polls.map((p) => (
            <li key={p._id}>
              <Link to={`/poll/${p._id}`}>{p.name}</Link> <span className="polls-card__meta">{t('questions', { count: p.questionsCount })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
