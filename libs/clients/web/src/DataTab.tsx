import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { clientUpdate, type Client } from '@intranet/clients-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button, Checkbox, FormGrid, Input, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { clientChanged, updateClient } from './api/client-update.ts';

const TEXT = ['name', 'fullName', 'city', 'phone', 'address', 'director', 'telegram', 'taxNumber', 'notes'] as const;
type TextKey = (typeof TEXT)[number];

type DataValues = Record<TextKey, string> & { lang: string; start_page: string; storageTotalGb: string; hideMoodMeter: boolean };

function formOf(c: Client) {
  const v: DataValues = {
    name: c.name,
    fullName: c.fullName ?? '',
    city: c.city ?? '',
    phone: c.phone ?? '',
    address: c.address ?? '',
    director: c.director ?? '',
    telegram: c.telegram ?? '',
    taxNumber: c.taxNumber ?? '',
    notes: c.notes ?? '',
    lang: c.lang,
    start_page: c.start_page || 'company',
    storageTotalGb: String(c.storage.total ?? ''),
    hideMoodMeter: c.settings.hideMoodMeter,
  };
  return v;
}

/** The PUT /api/clients/{id} body of the data form (empty texts → null, the storage only when a number). */
function dataBody(v: DataValues, client: Client): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name,
    lang: v.lang,
    start_page: v.start_page,
    settings: { hideMoodMeter: v.hideMoodMeter, initialRights: client.settings.initialRights },
  };
  for (const k of TEXT) if (k !== 'name') body[k] = v[k].trim() || null;
  const gb = Number(v.storageTotalGb);
  if (v.storageTotalGb.trim() && Number.isFinite(gb)) body.storageTotalGb = gb;
  return body;
}

/**
 * "Data" tab: PUT /api/clients/{id} with the client's fields, one `useApiForm` over the contract's clientUpdate:
 * field errors under their input in the user's language, others in client-save-error. Inputs
 * `client-edit-<field>`; save: client-save.
 */
export function DataTab({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const form = useApiForm({
    schema: z.preprocess((v) => dataBody(v as DataValues, client), clientUpdate) as unknown as z.ZodType<Record<string, unknown>, DataValues>,
    defaultValues: formOf(client),
    onSubmit: async () => {
      const updated = await updateClient(client._id, dataBody(form.getValues(), client) as never);
      clientChanged(qc, updated);
      notifier.toast(t('saved'));
    },
  });
  const { reset } = form;
  useEffect(() => reset(formOf(client)), [client, reset]);
  const busy = form.busy;

  const text = (k: TextKey, opts: { required?: boolean; wide?: boolean } = {}) => (
    <FormField form={form} name={k} id={`client-edit-${k}`} label={t(`form.${k}`)} required={opts.required} wide={opts.wide} />
  );

  return (
    <ApiFormView form={form} className="ui-card" data-testid="client-data-form" errorTestId="client-save-error">
      <FormGrid>
        {text('name', { required: true })}
        {text('fullName')}
        <Select
          id="client-edit-lang"
          label={t('form.lang')}
          {...form.field('lang')}
          options={[
            { value: 'ru', label: 'Русский' },
            { value: 'uk', label: 'Українська' },
            { value: 'en', label: 'English' },
          ]}
          data-testid="client-edit-lang"
        />
        <Select
          id="client-edit-start_page"
          label={t('form.start_page')}
          {...form.field('start_page')}
          options={[
            { value: 'company', label: t('form.start_company') },
            { value: 'profile', label: t('form.start_profile') },
          ]}
          data-testid="client-edit-start_page"
        />
        {text('city')}
        {text('phone')}
        {text('address', { wide: true })}
        {text('director')}
        {text('telegram')}
        {text('taxNumber')}
        <Input
          id="client-edit-storageTotalGb"
          label={t('form.storageTotalGb')}
          type="number"
          min={1}
          {...form.field('storageTotalGb')}
          hint={t('storage', { used: client.storage.used, total: client.storage.total })}
          data-testid="client-edit-storageTotalGb"
        />
        <TextArea id="client-edit-notes" label={t('form.notes')} {...form.field('notes')} wide data-testid="client-edit-notes" />
      </FormGrid>
      <Checkbox label={t('form.hideMoodMeter')} {...form.register('hideMoodMeter')} data-testid="client-edit-hideMoodMeter" />
      <div className="clients-actions">
        <Button type="submit" loading={busy} data-testid="client-save">
          {t('common:save')}
        </Button>
      </div>
    </ApiFormView>
  );
}
