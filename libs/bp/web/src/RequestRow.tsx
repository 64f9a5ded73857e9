import { Link } from 'react-router';
import type { RequestListItem } from '@intranet/bp-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { Badge } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { DAY } from './common.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { UserName } from './UserName.tsx';

/** One request in a list: its name (a link to it), status, turn, start, current step, due date; `initiator` shows who started it. */
export function RequestRow({ r, mine, initiator }: { r: RequestListItem; mine: boolean; initiator?: boolean }) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  return (
    <li className={`ui-card bp-card${r.overdue ? ' bp-card--overdue' : ''}`} data-testid={`bp-request-${r._id}`}>
      <div className="bp-card__head">
        <Link to={`/service/request/${r._id}`} className="bp-card__title">
          {r.name}
        </Link>
        <StatusBadge status={r.status} overdue={r.overdue} />
        {!mine && r.canPass ? <Badge>{t('yourTurn')}</Badge> : null}
      </div>
      <p className="bp-muted">
        {initiator ? (
          <>
            <UserName id={r.initiator} />
            {' · '}
          </>
        ) : null}
        {t('started', { date: fmt(r.created, DAY) })}
        {r.currentStepName ? ` · ${t('currentStep', { name: r.currentStepName })}` : ''}
        {r.due && r.status === 'active' ? ` · ${t('due', { date: fmt(r.due, DAY) })}` : ''}
      </p>
    </li>
  );
}
