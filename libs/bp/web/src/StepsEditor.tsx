import { useEffect } from 'react';
import { BP_LIMITS, stepInput, type Service, type Step } from '@intranet/bp-contract';
import { z } from '@intranet/platform-contracts';
import { FormError, useApiForm } from '@intranet/web-forms';
import { Alert, Button, Checkbox, Input, useNotifier } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useUpdateService } from './api/service-update.ts';
import { FieldList } from './FieldList.tsx';
import { flatErrors } from './form-errors.ts';
import { PerformerEditor } from './PerformerEditor.tsx';

const newId = () => Math.random().toString(36).slice(2, 10);

/** A select's options as typed ("a, b") trimmed, empty ones dropped, before the contract's `stepInput` checks them. */
const trimOptions = (v: unknown) => {
  const { steps } = v as { steps: Step[] };
  return { steps: steps.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f, options: f.options?.map((o) => o.trim()).filter(Boolean) })) })) };
};
/** The steps editor's values: every step of the service, as PUT api/bp/{id} {steps} takes them. */
const stepsForm = z.preprocess(trimOptions, z.object({ steps: z.array(stepInput).max(50) })) as unknown as z.ZodType<
  { steps: z.output<typeof stepInput>[] },
  { steps: Step[] }
>;

/**
 * The steps tab (administrators): each step's form name, review flag, fields (reordered by drag or up/down) and
 * performers; steps reordered with up/down; saved as a whole (PUT api/bp/{id} {steps}: ids kept, the version rises, running requests unchanged).
 */
export function StepsEditor({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const notify = useNotifier();
  const update = useUpdateService(service._id);
  const form = useApiForm({
    schema: stepsForm,
    defaultValues: { steps: service.steps },
    onSubmit: async (v) => {
      await update.mutateAsync({ steps: v.steps });
      notify.toast(t('service.saved'));
    },
  });
  // A saved version replaces the local draft (a refetch of the same version keeps what is being edited).
  useEffect(() => form.reset({ steps: service.steps }), [service.version]);
  const steps = form.watch('steps');
  const setSteps = (next: Step[]) => form.setValue('steps', next);
  const errors = flatErrors(form.formState.errors);
  const put = (i: number, s: Step) => setSteps(steps.map((x, j) => (j === i ? s : x)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + d]] = [next[i + d]!, next[i]!];
    setSteps(next);
  };
  return (
    <div className="bp-steps-editor" data-testid="bp-steps-editor">
      <p className="bp-muted">{t('service.firstStepHint')}</p>
      <FormError form={form} />
      {errors.steps ? <Alert>{errors.steps}</Alert> : null}
      {steps.map((s, i) => {
        const at = `steps.${i}`;
        return (
          <fieldset key={s._id} className="ui-card bp-step-card" data-testid={`bp-step-${i}`}>
            <legend>{t('editor.step', { n: i + 1 })}</legend>
            <Input
              id={`bp-step-${i}-name`}
              label={t('editor.stepName')}
              value={s.name}
              onChange={(e) => put(i, { ...s, name: e.target.value })}
              error={errors[`${at}.name`]}
            />
            {i > 0 ? <Checkbox label={t('editor.review')} checked={s.review} onChange={(e) => put(i, { ...s, review: e.target.checked })} /> : null}
            <h3>{t('editor.fields')}</h3>
            {errors[`${at}.fields`] ? <Alert>{errors[`${at}.fields`]}</Alert> : null}
            <FieldList fields={s.fields} at={at} errors={errors} onFields={(fields) => put(i, { ...s, fields })} />
            <Button
              size="small"
              variant="secondary"
              disabled={s.fields.length >= BP_LIMITS.fields}
              onClick={() => put(i, { ...s, fields: [...s.fields, { _id: newId(), name: '', type: 'string', required: false }] })}
              data-testid={`bp-step-${i}-add-field`}
            >
              {t('editor.addField')}
            </Button>
            {i > 0 ? (
              <>
                <h3>{t('editor.performers')}</h3>
                {errors[`${at}.performers`] ? <Alert>{errors[`${at}.performers`]}</Alert> : null}
                {s.performers.map((p, j) => (
                  <PerformerEditor
                    key={j}
                    p={p}
                    at={`bp-step-${i}-performer-${j}`}
                    onChange={(np) => put(i, { ...s, performers: s.performers.map((x, k) => (k === j ? np : x)) })}
                    onRemove={() => put(i, { ...s, performers: s.performers.filter((_, k) => k !== j) })}
                  />
                ))}
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => put(i, { ...s, performers: [...s.performers, { kind: 'initiator' }] })}
                  data-testid={`bp-step-${i}-add-performer`}
                >
                  {t('editor.addPerformer')}
                </Button>
              </>
            ) : null}
            <div className="bp-actions">
              <Button size="small" variant="secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                {t('editor.up')}
              </Button>
              <Button size="small" variant="secondary" disabled={i === steps.length - 1} onClick={() => move(i, 1)}>
                {t('editor.down')}
              </Button>
              <Button size="small" variant="secondary" onClick={() => setSteps(steps.filter((_, k) => k !== i))}>
                {t('editor.remove')}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="bp-actions">
        <Button
          variant="secondary"
          disabled={steps.length >= BP_LIMITS.steps}
          onClick={() => setSteps([...steps, { _id: newId(), name: '', review: false, fields: [], performers: steps.length ? [{ kind: 'chief' }] : [] }])}
          data-testid="bp-add-step"
        >
          {t('editor.addStep')}
        </Button>
        <Button loading={form.busy} onClick={() => void form.submit()} data-testid="bp-save-steps">
          {t('editor.saveSteps')}
        </Button>
      </div>
    </div>
  );
}
