import { Link, useParams } from 'react-router';
import { useErrorText, useFormatDate } from '@intranet/web-i18n';
import { Alert, Button, Loader, useNotifier } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useConvertRequest } from './api/request-convert.ts';
import { useRequest } from './api/request-get.ts';
import { Comments } from './Comments.tsx';
import { DAY, LoadError, MOMENT, NeedClient, useBp, useRequestEvents } from './common.tsx';
import { PassForm } from './PassForm.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { Timeline } from './Timeline.tsx';
import './bp.css';

/**
 * The request page (/service/request/{id}): status, due date (overdue stands out), the step timeline with each
 * passed step's values, the current step's form for its performers (accept / decline with a reason), "save as
 * template" for the initiator of a finished request. Live: any event of the request reads it again.
 */
function RequestView() {
  const { t } = bpText.useT();
  const { id = '' } = useParams();
  const { uid } = useBp();
  const fmt = useFormatDate();
  const notify = useNotifier();
  const q = useRequest(id);
  useRequestEvents((p) => {
    if (!p?.requestId || p.requestId === id) void q.refetch();
  });
  const convert = useConvertRequest(id);
  const errorText = useErrorText();
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const r = q.data;
  return (
    <section className="page bp" data-testid="bp-request-page">
      <Link to="/services?tab=my">{t('request.back')}</Link>
      <h1>{t('request.title', { name: r.name })}</h1>
      <div className="bp-card__head">
        <StatusBadge status={r.status} overdue={r.overdue} />
        <span className="bp-muted">
          {t('request.initiator')}: {r.names[r.initiator] ?? '…'} · {t('started', { date: fmt(r.created, DAY) })}
          {r.due ? ` · ${t('due', { date: fmt(r.due, DAY) })}` : ''}
        </span>
        <span className="visually-hidden">{t('request.live')}</span>
      </div>
      {r.canPass ? <PassForm key={r.current_step} r={r} /> : null}
      <h2>{t('request.timeline')}</h2>
      <Timeline r={r} />
      {r.status === 'finished' && r.initiator === uid ? (
        <div className="bp-actions">
          <Button
            variant="secondary"
            loading={convert.isPending}
            onClick={() => convert.mutate(undefined, { onSuccess: () => notify.toast(t('request.templateSaved')) })}
            data-testid="bp-save-template"
          >
            {t('request.saveTemplate')}
          </Button>
          {convert.isError ? <Alert>{errorText(convert.error)}</Alert> : null}
        </div>
      ) : null}
      <Comments r={r} />
      <h2>{t('request.history')}</h2>
      <ul className="bp-history" data-testid="bp-history">
        {r.history.map((h, i) => (
          <li key={i}>
            <time>{fmt(h.at, MOMENT)}</time> {h.user ? (r.names[h.user] ?? '…') : t('request.system')} — {t(`request.actions.${h.action}`)}
            {h.step !== null && r.steps[h.step] ? ` (${r.steps[h.step]!.name})` : ''}
            {h.reason ? `: ${h.reason}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function RequestPage() {
  return (
    <NeedClient>
      <RequestView />
    </NeedClient>
  );
}
