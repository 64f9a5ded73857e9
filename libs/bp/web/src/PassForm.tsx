import { useRef, useState } from 'react';
import { bpRoutes, type BpRequest, type Values } from '@intranet/bp-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, FormGrid, TextArea } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { usePassStep } from './api/request-pass-step.ts';
import { FieldInput } from './FieldInput.tsx';

/** The pass form's values: the contract's step values and decline reason of POST api/bp/{bp}/pass_step. */
const passForm = bpRoutes.requestPassStep.body.pick({ values: true, reason: true });
/** Server errors on a value (`values.<fieldId>`) or the reason show under their input, others above the form. */
const passField = (f: string) => (f.startsWith('values.') || f === 'reason' ? f : null);

/**
 * The current step's form for one of its performers (POST api/bp/{bp}/pass_step): accept with the step's values (or
 * acknowledge a review step), or decline with a reason (§4: required, the server's text shows under the field).
 * Test ids: bp-pass-form, bp-pass-<fieldId>, bp-reason, bp-accept, bp-decline.
 */
export function PassForm({ r }: { r: BpRequest }) {
  const { t } = bpText.useT();
  const step = r.definition.steps[r.current_step]!;
  // Which button submitted: a ref for the submit that follows at once, state for the buttons' spinners.
  const chosen = useRef<'accept' | 'decline'>('accept');
  const [decision, setDecision] = useState<'accept' | 'decline'>('accept');
  const pass = usePassStep(r._id, r.current_step);
  const form = useApiForm({
    schema: passForm,
    defaultValues: { values: {} as Values, reason: '' },
    serverField: passField,
    onSubmit: (v) => pass.mutateAsync({ decision: chosen.current, values: v.values, reason: v.reason }),
  });
  const values = form.watch('values') ?? {};
  const decide = (d: 'accept' | 'decline') => {
    chosen.current = d;
    setDecision(d);
  };
  return (
    <ApiFormView form={form} className="ui-card bp-form" data-testid="bp-pass-form" onSubmitCapture={() => decide('accept')}>
      <h2>{step.name}</h2>
      {!step.review && step.fields.length ? (
        <FormGrid>
          {step.fields.map((f) => (
            <FieldInput
              key={f._id}
              id={`bp-pass-${f._id}`}
              field={f}
              value={values[f._id]}
              error={form.errorOf(`values.${f._id}`)}
              onChange={(v) => form.setValue(`values.${f._id}`, v)}
            />
          ))}
        </FormGrid>
      ) : null}
      {!step.review ? <TextArea id="bp-reason" label={t('request.reason')} {...form.field('reason')} rows={2} wide /> : null}
      <div className="bp-actions">
        <Button type="submit" loading={form.busy && decision === 'accept'} data-testid="bp-accept">
          {step.review ? t('request.acknowledge') : t('request.accept')}
        </Button>
        {!step.review ? (
          <Button
            variant="danger"
            loading={form.busy && decision === 'decline'}
            onClick={() => {
              decide('decline');
              void form.submit();
            }}
            data-testid="bp-decline"
          >
            {t('request.decline')}
          </Button>
        ) : null}
      </div>
    </ApiFormView>
  );
}
