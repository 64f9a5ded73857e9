import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ADAPT_ROLES, type AdaptationFull, type AdaptRole, type ProgressStep } from '@intranet/adaptation-contract';
import { errorText, useFormatDate } from '@intranet/web-i18n';
import { LoadError, NeedSession, useRealtimeEvent, useSession } from '@intranet/web-session';
import { useUserNames } from '@intranet/web-session/people';
import { Badge, Button, ConfirmDialog, EmptyState, Loader, ProgressBar, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useAdaptationAs } from './api/adaptation-as.ts';
import { useAdaptationAll } from './api/adaptation-on-track.ts';
import { usePassProbation } from './api/adaptation-probation.ts';
import { useResume } from './api/adaptation-resume.ts';
import { useUnfinish } from './api/adaptation-unfinish.ts';
import { useFinishStep } from './api/step-finish.ts';
import './adaptation.css';
import { adaptationText } from './locales.ts';
import { percentOf } from './MyAdaptations.tsx';

/** A stage of the timeline: done (every step done), open (some open or done, not all done), coming (none yet). */
export function stageState(steps: Pick<ProgressStep, 'status'>[]): 'done' | 'open' | 'coming' {
  if (steps.length > 0 && steps.every((s) => s.status === 'done')) return 'done';
  if (steps.some((s) => s.status !== 'pending')) return 'open';
  return 'coming';
}

/** Where a poll, article or course step leads (the step finishes when it is answered, read or learned there). */
function targetOf(s: ProgressStep): string | null {
  if (s.type === 'poll' && s.poll_id) return `/poll/${s.poll_id}`;
  if (s.type === 'article' && s.article_id) return `/article/${s.article_id}`;
  if (s.type === 'course' && s.course_id) return `/courses/${s.course_id}`;
  return null;
}

type View = AdaptRole | 'all';

/**
 * /adaptation/user/{adapt_id} (§2): one adaptation as the person sees it — `?as=<role>` picks the role's view
 * (GET api/adaptation/on/{adapt_id}/as/{role}); without it every scenario (GET api/adaptation/on_track/{id}). A
 * header with the newcomer, the people around them, the start date and the progress; then a timeline of stages,
 * each done, open or coming, with its steps (open ones with their finish button or their link; coming ones with the
 * day they open). HR may roll back one step, resume at a step and, once finished, mark probation passed (also the
 * chief). Live: steps opened or finished elsewhere refresh the view. Test ids: adapt-journey, adapt-journey-progress,
 * adapt-timeline, adapt-stage-<i> (data-state), adapt-step-<step_id> (data-status), adapt-finish-<step_id>,
 * adapt-go-<step_id>, adapt-resume-<step_id>, adapt-unfinish, adapt-probation, tab-<role|all>.
 */
function JourneyView() {
  const { t } = adaptationText.useT();
  const { adaptId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const s = useSession();
  const hr = s.hasRight('adaptation');
  const asParam = ADAPT_ROLES.find((r) => r === params.get('as'));
  const view: View = asParam ?? 'all';
  const byRole = useAdaptationAs(adaptId, asParam ?? 'newcomer', !!asParam);
  const all = useAdaptationAll(adaptId, !asParam);
  const q = asParam ? byRole : all;
  const refresh = (p: { adaptationId?: string }) => {
    if (p.adaptationId === adaptId) void q.refetch();
  };
  useRealtimeEvent('evt.adaptation.step.opened', refresh);
  useRealtimeEvent('evt.adaptation.step.finished', refresh);
  useRealtimeEvent('evt.adaptation.step.reopened', refresh);
  useRealtimeEvent('evt.adaptation.adaptation.finished', refresh);
  useRealtimeEvent('evt.adaptation.adaptation.probation', refresh);
  if (q.isPending) return <Loader />;
  if (q.isError)
    return (
      <LoadError
        error={q.error}
        onRetry={() => void q.refetch()}
        testId="adapt-journey"
        back={<Link to="/adaptation">{t('back')}</Link>}
        notFound={{ title: t('journey.notFound') }}
        noAccess={{ title: t('noAccess') }}
      />
    );
  const a = q.data;
  const views: View[] = [...a.my_roles, ...(hr || a.my_roles.length > 1 ? (['all'] as const) : [])];
  return (
    <section className="page adapt-journey" data-testid="adapt-journey" data-state={a.state}>
      <Link to="/adaptation">{t('back')}</Link>
      <Header a={a} />
      {views.length > 1 ? (
        <Tabs
          label={t('journey.views')}
          active={view}
          onChange={(x) => setParams(x === 'all' ? {} : { as: x }, { replace: true })}
          tabs={views.map((v) => ({ id: v, label: v === 'all' ? t('journey.all') : t(`role.${v}`) }))}
        />
      ) : null}
      <Timeline a={a} view={view} hr={hr} />
    </section>
  );
}

/** The adaptation's header: track, newcomer, people around them, start date, state, progress and HR's actions. */
function Header({ a }: { a: AdaptationFull }) {
  const { t } = adaptationText.useT();
  const fmt = useFormatDate();
  const notifier = useNotifier();
  const s = useSession();
  const hr = s.hasRight('adaptation');
  const names = useUserNames([a.user_id, a.mentor_id, a.hr_id, a.chief_id]);
  const unfinish = useUnfinish(a._id);
  const probation = usePassProbation(a._id);
  const [confirm, setConfirm] = useState(false);
  const fail = (e: unknown) => notifier.toast(errorText(e), 'error');
  const people: [AdaptRole, string | null][] = [
    ['mentor', a.mentor_id],
    ['hr', a.hr_id],
    ['chief', a.chief_id],
  ];
  return (
    <header className="adapt-journey__head">
      <h1>{t('journey.title', { name: names.get(a.user_id) ?? '…', track: a.track_name })}</h1>
      <p>
        <Badge tone={a.state === 'active' ? 'primary' : 'success'}>{t(`adaptState.${a.state}`)}</Badge> {t('mine.start', { date: fmt(a.start_date) })}
      </p>
      <ul className="adapt-people">
        {people
          .filter(([, id]) => !!id)
          .map(([role, id]) => (
            <li key={role}>
              {t(`role.${role}`)}: {names.get(id!) ?? '…'}
            </li>
          ))}
      </ul>
      <ProgressBar
        value={percentOf(a.done, a.total)}
        label={t('progress', { done: a.done, total: a.total })}
        name={t('progressOf', { name: names.get(a.user_id) ?? '…' })}
        testId="adapt-journey-progress"
      />
      <p className="adapt-actions">
        {hr && a.done > 0 ? (
          <Button size="small" variant="secondary" onClick={() => setConfirm(true)} data-testid="adapt-unfinish">
            {t('journey.unfinish')}
          </Button>
        ) : null}
        {a.state === 'finished' && (hr || a.my_roles.includes('chief')) ? (
          <Button
            size="small"
            loading={probation.isPending}
            onClick={() => probation.mutate(undefined, { onSuccess: () => notifier.toast(t('journey.passedDone'), 'success'), onError: fail })}
            data-testid="adapt-probation"
          >
            {t('journey.probation')}
          </Button>
        ) : null}
        {a.passed_at ? <Badge tone="success">{t('journey.passedOn', { date: fmt(a.passed_at) })}</Badge> : null}
      </p>
      <ConfirmDialog
        open={confirm}
        title={t('journey.unfinishTitle')}
        message={t('journey.unfinishText')}
        confirmLabel={t('journey.unfinish')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            await unfinish.mutateAsync(undefined);
            setConfirm(false);
          } catch (e) {
            fail(e);
            throw e;
          }
        }}
        testId="adapt-unfinish-confirm"
      />
    </header>
  );
}

/** The stages in order, each with its state and its steps (only the viewed role's in a role view). */
function Timeline({ a, view, hr }: { a: AdaptationFull; view: View; hr: boolean }) {
  const { t } = adaptationText.useT();
  const stages = [...a.stages].sort((x, y) => x.order - y.order);
  const steps = a.steps.filter((x) => view === 'all' || x.scenario === view);
  if (steps.length === 0) return <EmptyState title={t('journey.noSteps')} testId="adapt-journey-empty" />;
  return (
    <ol className="adapt-timeline" data-testid="adapt-timeline">
      {stages.map((st, i) => {
        const own = steps.filter((x) => x.stage_id === st._id).sort((x, y) => x.days - y.days || x.order - y.order);
        if (own.length === 0) return null;
        const state = stageState(own);
        return (
          <li key={st._id} className={`adapt-timeline__stage adapt-timeline__stage--${state}`} data-testid={`adapt-stage-${i}`} data-state={state}>
            <h2>
              {st.name}{' '}
              <Badge {...(state === 'done' ? { tone: 'success' as const } : state === 'open' ? { tone: 'primary' as const } : {})}>
                {t(`stageState.${state}`)}
              </Badge>
            </h2>
            <ul className="adapt-steps">
              {own.map((x) => (
                <StepItem key={x._id} a={a} step={x} showRole={view === 'all'} hr={hr} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

/** One step of the timeline with what can be done with it. */
function StepItem({ a, step, showRole, hr }: { a: AdaptationFull; step: ProgressStep; showRole: boolean; hr: boolean }) {
  const { t } = adaptationText.useT();
  const fmt = useFormatDate();
  const notifier = useNotifier();
  const finish = useFinishStep(a._id);
  const resume = useResume(a._id);
  const fail = (e: unknown) => notifier.toast(errorText(e), 'error');
  const mine = hr || a.my_roles.includes(step.scenario);
  const target = targetOf(step);
  const byAction = step.type === 'poll' || step.type === 'article' || step.type === 'course';
  return (
    <li className={`adapt-step adapt-step--${step.status}`} data-testid={`adapt-step-${step._id}`} data-status={step.status}>
      <p className="adapt-step__title">
        <span aria-hidden="true">{step.status === 'done' ? '✓' : step.status === 'open' ? '●' : '○'}</span> <strong>{step.name}</strong>{' '}
        <Badge>{t(`stepType.${step.type}`)}</Badge>
        {showRole ? <Badge>{t(`role.${step.scenario}`)}</Badge> : null}
      </p>
      {step.description ? <p className="adapt-step__text">{step.description}</p> : null}
      <p className="adapt-muted">
        {step.status === 'pending'
          ? t('journey.opensOn', { date: fmt(step.opens_on) })
          : step.status === 'done'
            ? t('journey.doneOn', { date: fmt(step.finished_at) })
            : t('journey.openSince', { date: fmt(step.opened_at ?? step.opens_on) })}
        {step.type === 'reward' && step.coins ? ` · ${t('steps.coinsN', { count: step.coins })}` : ''}
      </p>
      <p className="adapt-actions">
        {step.status === 'open' && step.type === 'link' && step.url ? (
          <a className="ui-btn ui-btn--small ui-btn--secondary" href={step.url} target="_blank" rel="noopener noreferrer" data-testid={`adapt-go-${step._id}`}>
            {step.link_title || step.url}
          </a>
        ) : null}
        {step.status !== 'pending' && target ? (
          <Link className="ui-btn ui-btn--small ui-btn--secondary" to={target} data-testid={`adapt-go-${step._id}`}>
            {t(`journey.go.${step.type as 'poll' | 'article' | 'course'}`)}
          </Link>
        ) : null}
        {step.status === 'open' && mine && !byAction ? (
          <Button
            size="small"
            loading={finish.isPending}
            onClick={() =>
              finish.mutate(step._id, {
                onSuccess: () =>
                  notifier.toast(step.type === 'reward' && step.coins ? t('journey.coinsDone', { count: step.coins }) : t('journey.finished'), 'success'),
                onError: fail,
              })
            }
            data-testid={`adapt-finish-${step._id}`}
          >
            {step.type === 'reward' && step.coins ? t('journey.getCoins', { count: step.coins }) : t('journey.finish')}
          </Button>
        ) : null}
        {step.status === 'open' && byAction ? <span className="adapt-muted">{t(`journey.byAction.${step.type as 'poll' | 'article' | 'course'}`)}</span> : null}
        {step.status === 'done' && hr ? (
          <Button
            size="small"
            variant="secondary"
            loading={resume.isPending}
            onClick={() => resume.mutate(step._id, { onError: fail })}
            data-testid={`adapt-resume-${step._id}`}
          >
            {t('journey.resume')}
          </Button>
        ) : null}
      </p>
    </li>
  );
}

/** The /adaptation/user/{adapt_id} screen behind the session gate. */
export function JourneyPage() {
  const { t } = adaptationText.useT();
  return (
    <NeedSession noClient={{ title: t('noClient'), testId: 'adapt-no-client' }}>
      <JourneyView />
    </NeedSession>
  );
}
export default JourneyPage;
