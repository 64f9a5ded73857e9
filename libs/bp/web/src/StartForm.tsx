import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BP_LIMITS, valuesSchema, type Service, type Values } from '@intranet/bp-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Alert, Button, FormGrid } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useStartRequest } from './api/request-start.ts';
import { useTemplates } from './api/template-list.ts';
import { useBp } from './common.tsx';
import { FieldInput } from './FieldInput.tsx';

/** The start form's values: the first step's field values, as POST api/bp/start takes them. */
const startForm = z.object({ values: valuesSchema });
/** Server errors on a value (`values.<fieldId>`) show under its input, others above the form. */
const valueField = (f: string) => (f.startsWith('values.') ? f : null);

/**
 * The start form (POST api/bp/start): the first step's fields, optionally filled from one of the caller's templates;
 * the §5 checks of each value are the server's, its errors show under their inputs. Started: the request's page.
 * Test ids: bp-start-form, bp-templates, bp-value-<fieldId>, bp-start.
 */
export function StartForm({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const { clientId } = useBp();
  const nav = useNavigate();
  const [template, setTemplate] = useState<string | undefined>();
  const tmpls = useTemplates(clientId, service._id);
  const start = useStartRequest();
  const form = useApiForm({
    schema: startForm,
    defaultValues: { values: {} as Values },
    serverField: valueField,
    onSubmit: async (v) => {
      const r = await start.mutateAsync({ bp: service._id, values: v.values, template });
      void nav(`/service/request/${r._id}`);
    },
  });
  const values = form.watch('values');
  if (service.steps.length < BP_LIMITS.minStepsToStart) return <Alert>{t('service.needSteps')}</Alert>;
  const first = service.steps[0]!;
  return (
    <ApiFormView form={form} className="bp-form" data-testid="bp-start-form">
      <h2>{first.name}</h2>
      {tmpls.data?.length ? (
        <div className="bp-actions" data-testid="bp-templates">
          <span className="bp-muted">{t('service.templates')}:</span>
          {tmpls.data.map((tm) => (
            <Button
              key={tm._id}
              size="small"
              variant="secondary"
              onClick={() => {
                form.setValue('values', tm.values);
                setTemplate(tm._id);
              }}
            >
              {t('service.useTemplate', { name: tm.name })}
            </Button>
          ))}
        </div>
      ) : null}
      <FormGrid>
        {first.fields.map((f) => (
          <FieldInput
            key={f._id}
            id={`bp-value-${f._id}`}
            field={f}
            value={values[f._id]}
            error={form.errorOf(`values.${f._id}`)}
            onChange={(v) => form.setValue(`values.${f._id}`, v)}
          />
        ))}
      </FormGrid>
      <Button type="submit" loading={form.busy} data-testid="bp-start">
        {t('service.send')}
      </Button>
    </ApiFormView>
  );
}
