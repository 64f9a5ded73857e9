import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { pollsText } from './locales.ts';
import { useFieldArray, type Control } from 'react-hook-form';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GRANT_TARGETS, WORKING_TIME, type Grant } from '@intranet/kb-contract';
import { MAX_ANSWERS, POLL_TYPES, pollsRoutes, QUESTION_KINDS, RANGES, type Poll } from '@intranet/polls-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, emptyAsNull, SubmitRow, useApiForm, type ApiForm } from '@intranet/web-forms';
import { Alert, Button, Checkbox, Input, Loader, Select, TextArea, useDebounced, useNotifier } from '@intranet/web-ui';
import { pollKeys } from './api/keys.ts';
import { usePeopleSearch } from './api/people-filter.ts';
import { createPoll } from './api/poll-create.ts';
import { usePoll } from './api/poll-get.ts';
import { updatePoll } from './api/poll-update.ts';
import { LoadError, NeedClient, usePolls } from './common.tsx';
import './polls.css';

type Kind = (typeof QUESTION_KINDS)[number];
interface QuestionValues {
  _id?: string;
  text: string;
  mandatory: boolean;
  kind: Kind;
  range: number | null;
  answers: { _id?: string; text: string }[];
}
interface Values {
  name: string;
  description: string | null;
  type: (typeof POLL_TYPES)[number];
  end_date: string | null;
  questions: QuestionValues[];
  recipients: Grant[];
}
type Form = ApiForm<z.ZodType<Values, Values>>;

const blankQuestion = (): QuestionValues => ({ text: '', mandatory: true, kind: 'short', range: null, answers: [] });

/** The POST/PUT body of the form's values: list questions keep their answers, range questions their range. */
function bodyOf(v: Values) {
  return {
    ...v,
    name: v.name ?? '',
    description: v.description || null,
    end_date: v.end_date || null,
    questions: (v.questions ?? []).map((q) => ({
      ...(q._id ? { _id: q._id } : {}),
      text: q.text ?? '',
      mandatory: !!q.mandatory,
      kind: q.kind,
      range: q.kind === 'range' ? Number(q.range) || null : null,
      answers: q.kind === 'single' || q.kind === 'multiple' ? q.answers : [],
    })),
  };
}

/** Answers of a list question (up to 15). */
function AnswerList({ form, qi }: { form: Form; qi: number }) {
  const { t } = pollsText.useT();
  const { fields, append, remove } = useFieldArray({ control: form.control as unknown as Control<Values>, name: `questions.${qi}.answers` });
  const err = form.errorOf(`questions.${qi}.answers` as never);
  return (
    <div className="polls-answers">
      <span className="ui-field__label">{t('editor.answers')}</span>
      {fields.map((f, ai) => (
        <div key={f.id} className="polls-answers__row">
          <Input
            label={t('editor.answer', { n: ai + 1 })}
            data-testid={`editor-q-${qi}-answer-${ai}`}
            {...form.field(`questions.${qi}.answers.${ai}.text` as never)}
          />
          <Button size="small" variant="ghost" onClick={() => remove(ai)} aria-label={t('editor.remove')}>
            ×
          </Button>
        </div>
      ))}
      {err ? (
        <p className="ui-field__error" role="alert">
          {err}
        </p>
      ) : null}
      {fields.length < MAX_ANSWERS ? (
        <Button size="small" variant="secondary" onClick={() => append({ text: '' })} data-testid={`editor-q-${qi}-add-answer`}>
          {t('editor.addAnswer')}
        </Button>
      ) : null}
    </div>
  );
}

/** One question of the builder, draggable by its handle (dnd-kit sortable; keyboard: space, arrows). */
function QuestionCard({ form, id, qi, locked, onRemove }: { form: Form; id: string; qi: number; locked: boolean; onRemove: () => void }) {
  const { t } = pollsText.useT();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id, disabled: locked });
  const kind = form.watch(`questions.${qi}.kind` as never) as unknown as Kind;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className="polls-qcard ui-card" data-testid={`editor-q-${qi}`}>
      <div className="polls-qcard__head">
        {!locked ? (
          <button
            type="button"
            className="polls-drag"
            aria-label={t('editor.drag')}
            title={t('editor.drag')}
            {...attributes}
            {...listeners}
            data-testid={`editor-q-${qi}-drag`}
          >
            ⠿
          </button>
        ) : null}
        <strong>{t('editor.question', { n: qi + 1 })}</strong>
        {!locked ? (
          <Button size="small" variant="ghost" onClick={onRemove} data-testid={`editor-q-${qi}-remove`}>
            {t('editor.remove')}
          </Button>
        ) : null}
      </div>
      <fieldset disabled={locked} className="polls-qcard__body">
        <Input label={t('editor.text')} data-testid={`editor-q-${qi}-text`} {...form.field(`questions.${qi}.text` as never)} />
        <div className="polls-qcard__row">
          <Select
            label={t('editor.kind')}
            data-testid={`editor-q-${qi}-kind`}
            options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`editor.kinds.${k}`) }))}
            {...form.field(`questions.${qi}.kind` as never)}
          />
          {kind === 'range' ? (
            <Select
              label={t('editor.range')}
              data-testid={`editor-q-${qi}-range`}
              options={[{ value: '', label: '—' }, ...RANGES.map((r) => ({ value: String(r), label: `1–${r}` }))]}
              {...form.field(`questions.${qi}.range` as never, { setValueAs: (v: string) => (v ? Number(v) : null) })}
            />
          ) : null}
          <Checkbox label={t('editor.mandatory')} data-testid={`editor-q-${qi}-mandatory`} {...form.register(`questions.${qi}.mandatory` as never)} />
        </div>
        {kind === 'single' || kind === 'multiple' ? <AnswerList form={form} qi={qi} /> : null}
      </fieldset>
    </li>
  );
}

/** Chosen people: a name search over the address book (POST api/user/filter). */
function PeoplePicker({ value, onChange, testId }: { value: string[]; onChange: (v: string[]) => void; testId: string }) {
  const { t } = pollsText.useT();
  const { workspace } = usePolls();
  const [q, setQ] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const dq = useDebounced(q.trim(), 250);
  const res = usePeopleSearch(workspace, dq);
  return (
    <div className="polls-picker" data-testid={testId}>
      <div className="polls-chips">
        {value.map((id) => (
          <span key={id} className="polls-chip">
            {names[id] ?? id.slice(0, 8)}
            <button type="button" aria-label={t('editor.remove')} onClick={() => onChange(value.filter((x) => x !== id))}>
              ×
            </button>
          </span>
        ))}
      </div>
      <input
        className="ui-field__control"
        placeholder={t('editor.findUser')}
        aria-label={t('editor.findUser')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        data-testid={`${testId}-search`}
      />
      {dq && res.data ? (
        <ul className="polls-picker__list">
          {res.data.users
            .filter((u) => !value.includes(u._id))
            .map((u) => (
              <li key={u._id}>
                <button
                  type="button"
                  data-testid={`${testId}-option-${u._id}`}
                  onClick={() => {
                    setNames((n) => ({ ...n, [u._id]: u.fullName }));
                    onChange([...value, u._id]);
                    setQ('');
                  }}
                >
                  {u.fullName}
                  {u.department ? ` · ${u.department}` : ''}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Recipients (§6 grant targets of the knowledge base): one row per rule. Test ids: editor-recipient-<i>-*. */
function RecipientsPicker({ form, locked }: { form: Form; locked: boolean }) {
  const { t } = pollsText.useT();
  const rows = (form.watch('recipients' as never) as Grant[] | undefined) ?? [];
  const set = (next: Grant[]) => form.setValue('recipients' as never, next as never, { shouldDirty: true });
  const patch = (i: number, g: Partial<Grant>) => set(rows.map((r, j) => (j === i ? ({ ...r, ...g } as Grant) : r)));
  const err = form.errorOf('recipients' as never);
  return (
    <fieldset className="polls-recipients" disabled={locked} data-testid="editor-recipients">
      <legend className="ui-field__label">{t('editor.recipients')}</legend>
      {!rows.length ? <p className="polls-card__meta">{t('editor.recipientsHint')}</p> : null}
      {rows.map((g, i) => (
        <div key={i} className="polls-recipients__row">
          <Select
            label={t('editor.target')}
            value={g.target}
            data-testid={`editor-recipient-${i}-target`}
            options={GRANT_TARGETS.filter((x) => x !== 'head').map((x) => ({ value: x, label: t(`editor.targets.${x}`) }))}
            onChange={(e) => patch(i, { target: e.target.value as Grant['target'], value: null, users: undefined })}
          />
          {g.target === 'position' || g.target === 'department' || g.target === 'city' ? (
            <Input
              label={t('editor.value')}
              value={g.value ?? ''}
              data-testid={`editor-recipient-${i}-value`}
              onChange={(e) => patch(i, { value: e.target.value })}
            />
          ) : null}
          {g.target === 'working_time' ? (
            <Select
              label={t('editor.value')}
              value={g.value ?? ''}
              data-testid={`editor-recipient-${i}-value`}
              options={[{ value: '', label: '—' }, ...WORKING_TIME.map((w) => ({ value: w, label: t(`editor.workingTime.${w}`) }))]}
              onChange={(e) => patch(i, { value: e.target.value || null })}
            />
          ) : null}
          {g.target === 'manual' ? (
            <PeoplePicker value={g.users ?? []} onChange={(users) => patch(i, { users })} testId={`editor-recipient-${i}-users`} />
          ) : null}
          <Button size="small" variant="ghost" onClick={() => set(rows.filter((_, j) => j !== i))} aria-label={t('editor.remove')}>
            ×
          </Button>
        </div>
      ))}
      {err ? (
        <p className="ui-field__error" role="alert" data-testid="editor-recipients-error">
          {err}
        </p>
      ) : null}
      <Button
        size="small"
        variant="secondary"
        onClick={() => set([...rows, { target: 'department', level: 'read', value: '' }])}
        data-testid="editor-recipient-add"
      >
        {t('editor.addRecipient')}
      </Button>
    </fieldset>
  );
}

/**
 * The poll builder (/poll/new, /poll/new?edit={id}) with `useApiForm` over POST api/poll's body: title, description,
 * type, end date, questions (kinds, ranges, answer lists up to 15, mandatory; reordered by drag with dnd-kit) and
 * recipients. Every §5 rule is shown under its field (schema and server, worded from the codes). After the first
 * answer only title, description and end date can change (PUT api/poll/{_id}).
 * Test ids: editor-form, editor-name, editor-type, editor-add-question, editor-q-<i>-*, editor-submit.
 */
function Editor({ poll }: { poll: Poll | null }) {
  const { t } = pollsText.useT();
  const nav = useNavigate();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const locked = !!poll?.locked;
  const schema = useMemo(() => z.preprocess((v) => bodyOf(v as Values), pollsRoutes.pollCreate.body) as unknown as z.ZodType<Values, Values>, []);
  const form = useApiForm({
    schema,
    defaultValues: poll
      ? {
          name: poll.name,
          description: poll.description,
          type: poll.type,
          end_date: poll.end_date,
          questions: poll.questions.map((q) => ({ ...q, range: q.range })),
          recipients: poll.recipients,
        }
      : { name: '', description: null, type: 'opened', end_date: null, questions: [blankQuestion()], recipients: [] },
    onSubmit: async (body) => {
      const b = body as unknown as ReturnType<typeof bodyOf>;
      const saved = poll
        ? await updatePoll(poll._id, (locked ? { name: b.name, description: b.description, end_date: b.end_date } : b) as never)
        : await createPoll(b as never);
      notifier.toast(t('editor.saved'));
      await qc.invalidateQueries({ queryKey: pollKeys.all });
      nav(`/poll/${saved._id}`);
    },
  });
  const { fields, append, remove, move } = useFieldArray({ control: form.control as unknown as Control<Values>, name: 'questions' });
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = fields.findIndex((f) => f.id === e.active.id);
    const to = fields.findIndex((f) => f.id === e.over!.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  const qErr = form.errorOf('questions' as never);
  return (
    <section className="page polls" data-testid="poll-editor">
      <h1>{poll ? t('editor.editTitle') : t('editor.newTitle')}</h1>
      {locked ? <Alert kind="info">{t('editor.locked')}</Alert> : null}
      <ApiFormView form={form} className="polls-editor" data-testid="editor-form" errorTestId="editor-error">
        <Input label={t('editor.name')} data-testid="editor-name" {...form.field('name' as never)} />
        <TextArea label={t('editor.description')} rows={3} data-testid="editor-description" {...form.field('description' as never, emptyAsNull)} />
        <div className="polls-qcard__row">
          <Select
            label={t('editor.type')}
            disabled={locked}
            data-testid="editor-type"
            options={POLL_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
            {...form.field('type' as never)}
          />
          <Input label={t('editor.endDate')} type="date" data-testid="editor-end-date" {...form.field('end_date' as never, emptyAsNull)} />
        </div>
        <h2>{t('editor.questions')}</h2>
        {qErr ? (
          <p className="ui-field__error" role="alert" data-testid="editor-questions-error">
            {qErr}
          </p>
        ) : null}
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
            <ol className="polls-qlist">
              {fields.map((f, qi) => (
                <QuestionCard key={f.id} id={f.id} form={form} qi={qi} locked={locked} onRemove={() => remove(qi)} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        {!locked ? (
          <Button variant="secondary" onClick={() => append(blankQuestion())} data-testid="editor-add-question">
            {t('editor.addQuestion')}
          </Button>
        ) : null}
        <RecipientsPicker form={form} locked={locked} />
        <SubmitRow form={form} label={poll ? t('editor.save') : t('editor.publish')} busyLabel={t('editor.saving')} testId="editor-submit">
          <Link to={poll ? `/poll/${poll._id}` : '/polls'} className="ui-btn ui-btn--normal ui-btn--ghost">
            {t('editor.cancel')}
          </Link>
        </SubmitRow>
      </ApiFormView>
    </section>
  );
}

function EditorLoader() {
  const [params] = useSearchParams();
  const id = params.get('edit');
  const q = usePoll(id);
  if (!id) return <Editor poll={null} />;
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return <Editor key={q.data._id} poll={q.data} />;
}

/** /poll/new (§2): the poll builder; `?edit={id}` edits an existing poll. */
export default function PollEditPage() {
  return (
    <NeedClient>
      <EditorLoader />
    </NeedClient>
  );
}
