import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { pollsText } from './locales.ts';
import { pollsRoutes, type Poll, type Question } from '@intranet/polls-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, SubmitRow, useApiForm } from '@intranet/web-forms';
import { formatDate } from '@intranet/web-i18n';
import { Alert, Badge, Button, ConfirmDialog, Input, Loader, ProgressBar, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { answerPoll } from './api/poll-answer.ts';
import { deletePoll } from './api/poll-delete.ts';
import { finishPoll } from './api/poll-finish.ts';
import { usePoll } from './api/poll-get.ts';
import { pollKeys } from './api/keys.ts';
import { LoadError, NeedClient } from './common.tsx';
import './polls.css';

type Values = { answers: Record<string, string | string[] | null> };

const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim().length > 0 : v !== null && v !== undefined && v !== false);

/** One question of the answer form; its §5 error (server or schema) under it. */
function QuestionField({ q, n, form }: { q: Question; n: number; form: ReturnType<typeof useApiForm<z.ZodType<Values, Values>>> }) {
  const { t } = pollsText.useT();
  const name = `answers.${q._id}` as const;
  const error = form.errorOf(name as never);
  const label = (
    <>
      {n}. {q.text}{' '}
      {q.mandatory ? (
        <span className="polls-required" title={t('answer.mandatory')}>
          *
        </span>
      ) : null}
    </>
  );
  const testId = `poll-q-${n}`;
  if (q.kind === 'short') return <Input label={label} placeholder={t('answer.placeholder')} data-testid={testId} {...form.field(name as never)} />;
  if (q.kind === 'long') return <TextArea label={label} rows={4} placeholder={t('answer.placeholder')} data-testid={testId} {...form.field(name as never)} />;
  if (q.kind === 'range' && (q.range ?? 0) > 10) {
    return (
      <Select
        label={label}
        data-testid={testId}
        options={[
          { value: '', label: t('answer.choose') },
          ...Array.from({ length: q.range ?? 0 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
        ]}
        {...form.field(name as never, { setValueAs: (v: string) => v || null })}
      />
    );
  }
  const options = q.kind === 'range' ? Array.from({ length: q.range ?? 0 }, (_, i) => ({ _id: String(i + 1), text: String(i + 1) })) : q.answers;
  const type = q.kind === 'multiple' ? 'checkbox' : 'radio';
  return (
    <fieldset className={`ui-field polls-choice${q.kind === 'range' ? ' polls-choice--range' : ''}`} data-testid={testId} aria-invalid={!!error || undefined}>
      <legend className="ui-field__label">{label}</legend>
      <div className="polls-choice__options">
        {options.map((o, i) => (
          <label key={o._id} className="polls-choice__option">
            <input type={type} value={o._id} data-testid={`${testId}-option-${i}`} {...form.register(name as never)} />
            <span>{o.text}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The answer form (POST api/poll/{_id}/answer) over the route's body with `useApiForm`: each question's §5 error
 * (mandatory, range, options — worded from the server's codes) under it, progress of the answered questions, and the
 * thank-you state. Test ids: poll-form, poll-q-<n>[-option-<i>], poll-submit, poll-thanks, poll-progress.
 */
function AnswerForm({ poll, onDone }: { poll: Poll; onDone: () => void }) {
  const { t } = pollsText.useT();
  const schema = useMemo(
    () =>
      z.preprocess((v) => {
        const answers: Record<string, unknown> = {};
        for (const [k, x] of Object.entries((v as Values).answers ?? {})) {
          const q = poll.questions.find((qq) => qq._id === k);
          if (!q || !filled(x)) continue;
          answers[k] = q.kind === 'range' ? Number(x) : q.kind === 'multiple' ? [x].flat() : x;
        }
        return { answers };
      }, pollsRoutes.pollAnswer.body) as unknown as z.ZodType<Values, Values>,
    [poll],
  );
  const form = useApiForm({
    schema,
    defaultValues: { answers: Object.fromEntries(poll.questions.map((q) => [q._id, q.kind === 'multiple' ? [] : null])) },
    onSubmit: async (body) => {
      await answerPoll(poll._id, body as never);
      onDone();
    },
  });
  const values = form.watch('answers');
  const done = poll.questions.filter((q) => filled(values?.[q._id])).length;
  return (
    <ApiFormView form={form} className="polls-answer" data-testid="poll-form" errorTestId="poll-form-error">
      <div className="polls-progress" data-testid="poll-progress">
        <span>{t('answer.progress', { done, total: poll.questions.length })}</span>
        <ProgressBar value={poll.questions.length ? Math.round((done / poll.questions.length) * 100) : 0} />
      </div>
      {poll.questions.map((q, i) => (
        <div key={q._id} className="polls-question ui-card">
          <QuestionField q={q} n={i + 1} form={form} />
        </div>
      ))}
      <SubmitRow form={form} label={t('answer.submit')} busyLabel={t('answer.sending')} testId="poll-submit" />
    </ApiFormView>
  );
}

/** Manager actions on a poll: edit, results, finish and delete (each confirmed). */
export function ManageBar({ poll }: { poll: Poll }) {
  const { t } = pollsText.useT();
  const qc = useQueryClient();
  const nav = useNavigate();
  const notifier = useNotifier();
  const [ask, setAsk] = useState<'finish' | 'delete' | null>(null);
  const run = async () => {
    if (ask === 'finish') {
      await finishPoll(poll._id);
      notifier.toast(t('finished'));
    } else {
      await deletePoll(poll._id);
      notifier.toast(t('deleted'));
      nav('/polls?tab=mine');
    }
    setAsk(null);
    await qc.invalidateQueries({ queryKey: pollKeys.all });
  };
  if (!poll.canManage) return null;
  return (
    <div className="polls-manage" data-testid="poll-manage">
      <Link className="ui-btn ui-btn--small ui-btn--secondary" to={`/poll/new?edit=${poll._id}`} data-testid="poll-edit">
        {t('edit')}
      </Link>
      <Link className="ui-btn ui-btn--small ui-btn--secondary" to={`/poll/${poll._id}/results`} data-testid="poll-results-link">
        {t('results')}
      </Link>
      {poll.status === 'active' ? (
        <Button size="small" variant="secondary" onClick={() => setAsk('finish')} data-testid="poll-finish">
          {t('finish')}
        </Button>
      ) : null}
      <Button size="small" variant="danger" onClick={() => setAsk('delete')} data-testid="poll-delete">
        {t('delete')}
      </Button>
      <ConfirmDialog
        open={ask !== null}
        title={ask === 'finish' ? t('finish') : t('delete')}
        message={ask === 'finish' ? t('finishConfirm', { name: poll.name }) : t('deleteConfirm', { name: poll.name })}
        confirmLabel={ask === 'finish' ? t('finish') : t('delete')}
        danger={ask === 'delete'}
        onConfirm={run}
        testId="poll-confirm"
        onCancel={() => setAsk(null)}
      />
    </div>
  );
}

/** Title, type, end date and description of a poll. */
export function PollHeader({ poll }: { poll: Poll }) {
  const { t } = pollsText.useT();
  return (
    <header className="polls-head">
      <h1>{poll.name}</h1>
      <p className="polls-card__meta">
        <Badge>{t(`type.${poll.type}`)}</Badge> <Badge>{t(`status.${poll.status}`)}</Badge>
        {poll.end_date ? ` ${t('until', { date: formatDate(poll.end_date) })}` : ''}
      </p>
      {poll.description ? <p className="polls-head__text">{poll.description}</p> : null}
      <ManageBar poll={poll} />
    </header>
  );
}

/**
 * /poll/{_id} (§2): the poll (GET api/poll/{id}) and its answer form; the thank-you state once answered, a note
 * when finished; managers get their actions. Test ids: poll-page, poll-thanks, poll-already, poll-finished.
 */
function PollView() {
  const { t } = pollsText.useT();
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const [thanks, setThanks] = useState(false);
  const q = usePoll(id);
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const poll = q.data;
  const resultsLink = poll.canSeeResults ? (
    <Link to={`/poll/${poll._id}/results`} data-testid="poll-see-results">
      {t('answer.seeResults')}
    </Link>
  ) : poll.type === 'anonymous' ? (
    <span data-testid="poll-results-managers-only">{t('res.managersOnly')}</span>
  ) : null;
  return (
    <section className="page polls" data-testid="poll-page">
      <PollHeader poll={poll} />
      {poll.type === 'anonymous' ? <Alert kind="info">{t('answer.anonymousNote')}</Alert> : null}
      {thanks ? (
        <Alert kind="success" testId="poll-thanks">
          {t('answer.thanks')} {resultsLink}
        </Alert>
      ) : poll.passed ? (
        <Alert kind="info" testId="poll-already">
          {t('answer.already')} {resultsLink}
        </Alert>
      ) : poll.status === 'finished' ? (
        <Alert kind="info" testId="poll-finished">
          {t('answer.finished')} {resultsLink}
        </Alert>
      ) : poll.recipient ? (
        <AnswerForm
          poll={poll}
          onDone={() => {
            setThanks(true);
            void qc.invalidateQueries({ queryKey: pollKeys.all });
          }}
        />
      ) : null}
    </section>
  );
}

export default function PollPage() {
  return (
    <NeedClient>
      <PollView />
    </NeedClient>
  );
}
