import { ADAPT_LIMITS, ADAPT_ROLES, STEP_TYPES, stepBody, type AdaptRole, type Stage, type Step } from '@intranet/adaptation-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Checkbox } from '@intranet/web-ui';
import { useCreateStep } from './api/step-create.ts';
import { useUpdateStep } from './api/step-update.ts';
import { adaptationText } from './locales.ts';
import { RefPicker } from './RefPicker.tsx';

const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) } as const;
const textOrNull = { setValueAs: (v: unknown) => (typeof v === 'string' ? v.trim() || null : v) } as const;

/** The form's values: a step's fields (the `_id` only when changing one). */
function initial(stages: Stage[], scenario: AdaptRole, step?: Step) {
  return {
    stage_id: step?.stage_id ?? stages[0]?._id ?? '',
    scenario: step?.scenario ?? scenario,
    type: step?.type ?? ('task' as const),
    name: step?.name ?? '',
    description: step?.description ?? '',
    days: step?.days ?? 0,
    coins: step?.coins ?? null,
    article_id: step?.article_id ?? null,
    link_title: step?.link_title ?? null,
    url: step?.url ?? null,
    poll_id: step?.poll_id ?? null,
    course_id: step?.course_id ?? null,
    notify: step?.notify ?? [scenario],
  };
}

/**
 * A step of a track, new (`step` absent: added to the chosen stage of `scenario`) or changed: the stage, the kind
 * (task, reward, article, link, poll, course), name, description, the day it opens after the start (§3 "days before
 * run"), what its kind needs (coins; the article, poll or course; the link's title and URL) and who is told when it
 * opens (§3 start notification). §5 errors (duplicate rewards, polls or days; a link's title and URL) show under their
 * field. Test ids (prefix `p`, default adapt-step): <p>-stage, <p>-type, <p>-name, <p>-description, <p>-days,
 * <p>-coins, <p>-article, <p>-link-title, <p>-url, <p>-poll, <p>-course, <p>-notify-<role>, <p>-save, <p>-error.
 */
export function StepForm({
  trackId,
  stages,
  scenario,
  step,
  onDone,
  prefix = 'adapt-step',
}: {
  trackId: string;
  stages: Stage[];
  scenario: AdaptRole;
  step?: Step;
  onDone?: () => void;
  prefix?: string;
}) {
  const { t } = adaptationText.useT();
  const create = useCreateStep(trackId);
  const update = useUpdateStep(trackId);
  const form = useApiForm({
    // The update sends the same fields with the step's `_id` (stepUpdateBody).
    schema: stepBody,
    defaultValues: initial(stages, scenario, step),
    onSubmit: async (v) => {
      if (step) await update.mutateAsync({ ...v, _id: step._id });
      else await create.mutateAsync(v);
      if (!step) form.reset({ ...initial(stages, scenario), stage_id: v.stage_id, type: v.type });
      onDone?.();
    },
  });
  const type = form.watch('type');
  const setRef = (name: 'article_id' | 'poll_id' | 'course_id', v: string | null) =>
    form.setValue(name, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const notify = form.watch('notify') ?? [];
  return (
    <ApiFormView form={form} errorTestId={`${prefix}-error`} className="adapt-step-form">
      <FormField
        form={form}
        name="stage_id"
        id={`${prefix}-stage`}
        label={t('steps.stage')}
        choices={stages.map((s) => ({ value: s._id, label: s.name }))}
        required
      />
      <FormField
        form={form}
        name="type"
        id={`${prefix}-type`}
        label={t('steps.type')}
        choices={STEP_TYPES.map((x) => ({ value: x, label: t(`stepType.${x}`) }))}
      />
      <FormField form={form} name="name" id={`${prefix}-name`} label={t('steps.name')} required hint={t('maxChars', { count: ADAPT_LIMITS.stepName })} />
      <FormField
        form={form}
        name="description"
        id={`${prefix}-description`}
        label={t('steps.description')}
        rows={2}
        hint={t('maxChars', { count: ADAPT_LIMITS.description })}
      />
      <FormField
        form={form}
        name="days"
        id={`${prefix}-days`}
        label={t('steps.days')}
        hint={t('steps.daysHint')}
        type="number"
        min={0}
        max={ADAPT_LIMITS.days}
        inputMode="numeric"
      />
      {type === 'reward' ? (
        <FormField
          form={form}
          name="coins"
          id={`${prefix}-coins`}
          label={t('steps.coins')}
          type="number"
          min={1}
          max={ADAPT_LIMITS.coins}
          rules={numberOrNull}
          required
        />
      ) : null}
      {type === 'article' ? (
        <RefPicker
          kind="article"
          id={`${prefix}-article`}
          label={t('steps.article')}
          value={form.watch('article_id')}
          onChange={(v) => setRef('article_id', v)}
          error={form.errorOf('article_id')}
        />
      ) : null}
      {type === 'link' ? (
        <>
          <FormField
            form={form}
            name="link_title"
            id={`${prefix}-link-title`}
            label={t('steps.linkTitle')}
            rules={textOrNull}
            required
            hint={t('maxChars', { count: ADAPT_LIMITS.stepName })}
          />
          <FormField
            form={form}
            name="url"
            id={`${prefix}-url`}
            label={t('steps.url')}
            type="url"
            rules={textOrNull}
            required
            hint={t('maxChars', { count: ADAPT_LIMITS.url })}
          />
        </>
      ) : null}
      {type === 'poll' ? (
        <RefPicker
          kind="poll"
          id={`${prefix}-poll`}
          label={t('steps.poll')}
          value={form.watch('poll_id')}
          onChange={(v) => setRef('poll_id', v)}
          error={form.errorOf('poll_id')}
        />
      ) : null}
      {type === 'course' ? (
        <RefPicker
          kind="course"
          id={`${prefix}-course`}
          label={t('steps.course')}
          value={form.watch('course_id')}
          onChange={(v) => setRef('course_id', v)}
          error={form.errorOf('course_id')}
        />
      ) : null}
      <fieldset className="adapt-notify">
        <legend>{t('steps.notify')}</legend>
        {ADAPT_ROLES.map((r) => (
          <Checkbox
            key={r}
            label={t(`role.${r}`)}
            checked={notify.includes(r)}
            onChange={(e) => form.setValue('notify', e.target.checked ? [...notify, r] : notify.filter((x) => x !== r), { shouldDirty: true })}
            data-testid={`${prefix}-notify-${r}`}
          />
        ))}
      </fieldset>
      <SubmitRow form={form} label={step ? t('save') : t('steps.add')} testId={`${prefix}-save`} />
    </ApiFormView>
  );
}
