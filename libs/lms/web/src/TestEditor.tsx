import { useState } from 'react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '@intranet/platform-contracts';
import { questionInput, testFields, type Question } from '@intranet/lms-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm, type ApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Alert, Button, Checkbox, ConfirmDialog, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { lmsKeys } from './api/keys.ts';
import { createTest } from './api/test-create.ts';
import { deleteTest } from './api/test-delete.ts';
import { useTest } from './api/test-get.ts';
import { updateTest } from './api/test-update.ts';
import { lmsText } from './locales.ts';

const schema = z.object({ ...testFields, questions: z.array(questionInput).max(200) });
type Values = z.input<typeof schema>;
type Form = ApiForm<typeof schema>;
const blankQuestion = (): Values['questions'][number] => ({
  text: '',
  kind: 'single',
  answers: [
    { text: '', right: true },
    { text: '', right: false },
  ],
});
const noneAsNull = { setValueAs: (v: unknown) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v)) };

/**
 * /courses/{id}/tests/new and /courses/{id}/tests/{testId} (§2, §3 Test, §5 Test; LMS administrators): settings (time
 * limit in seconds, attempts after the first, shuffle, show right answer, show final score) and the questions with
 * their answers and right marks; a test with passes is shown read-only (the server refuses its edit). Test ids:
 * lms-test-title, lms-test-limit, lms-test-retries, lms-test-shuffle, lms-test-show-right, lms-test-show-score,
 * lms-q-<i>-text, lms-q-<i>-kind, lms-q-<i>-a-<j>, lms-q-<i>-right-<j>, lms-q-<i>-add-answer, lms-add-question, lms-test-save.
 */
export function TestEditor() {
  const { id = '', testId } = useParams();
  const test = useTest(testId ?? '', !!testId);
  if (testId && test.isPending) return <Loader />;
  if (testId && test.isError) return <ErrorState message={errorText(test.error)} onRetry={() => void test.refetch()} />;
  const x = test.data;
  const initial: Values | undefined = x && {
    title: x.title,
    description: x.description,
    show_right_answer: x.show_right_answer,
    show_final_score: x.show_final_score,
    shuffle: x.shuffle,
    time_limit: x.time_limit,
    retries: x.retries,
    questions: x.questions.map((q: Question) => ({
      _id: q._id,
      text: q.text,
      kind: q.kind,
      answers: q.answers.map((a) => ({ _id: a._id, text: a.text, right: !!a.right })),
    })),
  };
  return <TestForm courseId={id} testId={testId} initial={initial} passes={x?.passes ?? 0} />;
}

function TestForm({ courseId, testId, initial, passes }: { courseId: string; testId?: string; initial?: Values; passes: number }) {
  const { t } = lmsText.useT();
  const nav = useNavigate();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [ask, setAsk] = useState(false);
  const back = () => {
    void qc.invalidateQueries({ queryKey: lmsKeys.all });
    void nav(`/courses/${courseId}`);
  };
  const form = useApiForm({
    schema,
    defaultValues: initial ?? {
      title: '',
      description: '',
      show_right_answer: false,
      show_final_score: true,
      shuffle: false,
      time_limit: null,
      retries: 0,
      questions: [blankQuestion()],
    },
    onSubmit: async (v) => {
      if (testId) await updateTest(testId, v);
      else await createTest({ ...v, course_id: courseId });
      back();
    },
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const remove = async () => {
    try {
      await deleteTest(testId!);
      back();
    } catch (e) {
      setAsk(false);
      notifier.toast(errorText(e), 'error');
    }
  };
  return (
    <section className="page" data-testid="lms-test-editor">
      <Link to={`/courses/${courseId}`}>{t('backToCourse')}</Link>
      <h1>{testId ? t('editTest') : t('addTest')}</h1>
      {passes > 0 && <Alert kind="info">{t('testHasPasses', { count: passes })}</Alert>}
      <ApiFormView form={form} className="lms-form">
        <FormField form={form} name="title" id="lms-test-title" label={t('testTitle')} maxLength={200} required />
        <FormField form={form} name="description" id="lms-test-description" label={t('description')} rows={2} />
        <FormField
          form={form}
          name="time_limit"
          id="lms-test-limit"
          label={t('timeLimit')}
          hint={t('timeLimitHint')}
          type="number"
          min={1}
          rules={noneAsNull}
        />
        <FormField form={form} name="retries" id="lms-test-retries" label={t('retries')} type="number" min={0} rules={{ valueAsNumber: true }} />
        <Checkbox label={t('shuffle')} {...form.register('shuffle')} data-testid="lms-test-shuffle" />
        <Checkbox label={t('showRight')} {...form.register('show_right_answer')} data-testid="lms-test-show-right" />
        <Checkbox label={t('showScore')} {...form.register('show_final_score')} data-testid="lms-test-show-score" />
        <h2>{t('questions')}</h2>
        {questions.fields.map((f, i) => (
          <fieldset key={f.id} className="lms-question ui-card" data-testid={`lms-q-${i}`}>
            <legend>{t('questionN', { n: i + 1 })}</legend>
            <FormField form={form} name={`questions.${i}.text`} id={`lms-q-${i}-text`} label={t('questionText')} maxLength={1000} />
            <FormField
              form={form}
              name={`questions.${i}.kind`}
              id={`lms-q-${i}-kind`}
              label={t('questionKind')}
              choices={[
                { value: 'single', label: t('kind_single') },
                { value: 'multiple', label: t('kind_multiple') },
              ]}
            />
            <Answers form={form} control={form.control} register={form.register} i={i} />
            <Button size="small" variant="ghost" onClick={() => questions.remove(i)} data-testid={`lms-q-${i}-remove`}>
              {t('removeQuestion')}
            </Button>
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => questions.append(blankQuestion())} data-testid="lms-add-question">
          {t('addQuestion')}
        </Button>
        <SubmitRow form={form} label={t('save')} testId="lms-test-save" disabled={passes > 0}>
          {testId && (
            <Button variant="danger" onClick={() => setAsk(true)} data-testid="lms-test-delete">
              {t('delete')}
            </Button>
          )}
        </SubmitRow>
      </ApiFormView>
      <ConfirmDialog
        open={ask}
        title={t('delete')}
        message={t('deleteTestConfirm', { name: initial?.title ?? '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={remove}
        onCancel={() => setAsk(false)}
        testId="lms-confirm"
      />
    </section>
  );
}

/** The answers of question `i`: text and right mark each, add/remove. */
function Answers({
  form,
  control,
  register,
  i,
}: {
  form: Form;
  control: Control<Values, unknown, z.output<typeof schema>>;
  register: UseFormRegister<Values>;
  i: number;
}) {
  const { t } = lmsText.useT();
  const answers = useFieldArray({ control, name: `questions.${i}.answers` });
  const err = form.errorOf(`questions.${i}.answers`);
  return (
    <div className="lms-answers">
      {answers.fields.map((a, j) => (
        <div key={a.id} className="lms-answer">
          <FormField form={form} name={`questions.${i}.answers.${j}.text`} id={`lms-q-${i}-a-${j}`} label={t('answerN', { n: j + 1 })} maxLength={500} />
          <Checkbox label={t('rightAnswer')} {...register(`questions.${i}.answers.${j}.right`)} data-testid={`lms-q-${i}-right-${j}`} />
          <Button size="small" variant="ghost" onClick={() => answers.remove(j)} aria-label={t('removeAnswer')}>
            ×
          </Button>
        </div>
      ))}
      {err && <p role="alert">{err}</p>}
      <Button size="small" variant="secondary" onClick={() => answers.append({ text: '', right: false })} data-testid={`lms-q-${i}-add-answer`}>
        {t('addAnswer')}
      </Button>
    </div>
  );
}
