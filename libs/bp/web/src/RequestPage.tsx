import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bpText } from './locales.ts';
import { bpRoutes, type BpRequest, type Values } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { useFormatDate } from '@intranet/web-i18n';
import { Alert, Button, FormGrid, Loader, TextArea, useNotifier } from '@intranet/web-ui';
import { bpKeys, DAY, FieldInput, LoadError, MOMENT, NeedClient, StatusBadge, useBp, useFieldErrors, useRequestEvents, ValueText } from './common.tsx';
import './bp.css';

/** The current step's form for one of its performers: accept (or acknowledge a review) or decline with a reason. */
function PassForm({ r }: { r: BpRequest }) {
  const { t } = bpText.useT();
  const qc = useQueryClient();
  const step = r.definition.steps[r.current_step]!;
  const [values, setValues] = useState<Values>({});
  const [reason, setReason] = useState('');
  const pass = useMutation({
    mutationFn: (decision: 'accept' | 'decline') =>
      call(bpRoutes.requestPassStep, {
        params: { bp: r._id },
        body: { decision, values, step: r.current_step, ...(decision === 'decline' ? { reason } : {}) },
        silent: true,
      }),
    onSuccess: (next) => {
      qc.setQueryData(bpKeys.request(r._id), next);
      void qc.invalidateQueries({ queryKey: bpKeys.all });
    },
  });
  const errs = useFieldErrors(pass.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    pass.mutate('accept');
  };
  return (
    <form onSubmit={submit} className="ui-card bp-form" data-testid="bp-pass-form" noValidate>
      <h2>{step.name}</h2>
      {errs.other ? <Alert>{errs.other}</Alert> : null}
      {!step.review && step.fields.length ? (
        <FormGrid>
          {step.fields.map((f) => (
            <FieldInput
              key={f._id}
              id={`bp-pass-${f._id}`}
              field={f}
              value={values[f._id]}
              error={errs.fields[`values.${f._id}`]}
              onChange={(v) => setValues({ ...values, [f._id]: v })}
            />
          ))}
        </FormGrid>
      ) : null}
      {!step.review ? (
        <TextArea
          id="bp-reason"
          label={t('request.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errs.fields.reason}
          rows={2}
          wide
        />
      ) : null}
      <div className="bp-actions">
        <Button type="submit" loading={pass.isPending && pass.variables === 'accept'} data-testid="bp-accept">
          {step.review ? t('request.acknowledge') : t('request.accept')}
        </Button>
        {!step.review ? (
          <Button variant="danger" loading={pass.isPending && pass.variables === 'decline'} onClick={() => pass.mutate('decline')} data-testid="bp-decline">
            {t('request.decline')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The step timeline: each step with its performers, outcome (who, when, reason) and its frozen values. */
function Timeline({ r }: { r: BpRequest }) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  const name = (id: string | null) => (id ? (r.names[id] ?? '…') : t('request.system'));
  return (
    <ol className="bp-timeline" data-testid="bp-timeline">
      {r.steps.map((s, i) => {
        const def = r.definition.steps[i]!;
        const current = r.status === 'active' && i === r.current_step;
        return (
          <li
            key={s._id}
            className={`bp-timeline__step${current ? ' bp-timeline__step--current' : ''}${s.result ? ` bp-timeline__step--${s.result}` : ''}`}
            data-testid={`bp-timeline-${i}`}
            data-result={s.result ?? (current ? 'current' : 'waiting')}
          >
            <h3>{s.name}</h3>
            {s.performers.length ? (
              <p className="bp-muted">
                {t('request.performers')}: {s.performers.map((p) => name(p)).join(', ')}
              </p>
            ) : null}
            <p>
              {s.result === 'accepted'
                ? t('request.passed', { name: name(s.by), date: fmt(s.at, MOMENT) })
                : s.result === 'declined'
                  ? t('request.declined', { name: name(s.by), date: fmt(s.at, MOMENT), reason: s.reason ?? '' })
                  : current
                    ? t('request.current')
                    : t('request.waiting')}
            </p>
            {s.result && def.fields.length ? (
              <dl className="bp-values">
                {def.fields.map((f) => (
                  <div key={f._id}>
                    <dt>{f.name}</dt>
                    <dd>
                      <ValueText field={f} value={s.values[f._id]} names={r.names} files={r.files} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Comments of the request and a box to add one (POST api/bp/request/{id}/comment). */
function Comments({ r }: { r: BpRequest }) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => call(bpRoutes.requestComment, { params: { id: r._id }, body: { text }, silent: true }),
    onSuccess: (next) => {
      setText('');
      qc.setQueryData(bpKeys.request(r._id), next);
    },
  });
  const errs = useFieldErrors(add.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <section data-testid="bp-comments">
      <h2>{t('request.comments')}</h2>
      {r.comments.length ? (
        <ul className="bp-history">
          {r.comments.map((c) => (
            <li key={c._id}>
              <time>{fmt(c.at, MOMENT)}</time> {r.names[c.user] ?? '…'}: {c.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="bp-muted">{t('request.noComments')}</p>
      )}
      <form onSubmit={submit} className="bp-form" noValidate>
        <TextArea
          id="bp-comment"
          label={t('request.comment')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={errs.fields.text ?? errs.other}
          rows={2}
          wide
        />
        <Button type="submit" size="small" loading={add.isPending} data-testid="bp-comment-send">
          {t('request.send')}
        </Button>
      </form>
    </section>
  );
}

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
  const qc = useQueryClient();
  const q = useQuery({ queryKey: bpKeys.request(id), queryFn: ({ signal }) => call(bpRoutes.requestGet, { params: { id }, signal, silent: true }) });
  useRequestEvents((p) => {
    if (!p?.requestId || p.requestId === id) void q.refetch();
  });
  const convert = useMutation({
    mutationFn: () => call(bpRoutes.requestConvert, { params: { id }, body: {}, silent: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bpKeys.all });
      notify.toast(t('request.templateSaved'));
    },
  });
  const convertErr = useFieldErrors(convert.error);
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
          <Button variant="secondary" loading={convert.isPending} onClick={() => convert.mutate()} data-testid="bp-save-template">
            {t('request.saveTemplate')}
          </Button>
          {convertErr.other ? <Alert>{convertErr.other}</Alert> : null}
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
