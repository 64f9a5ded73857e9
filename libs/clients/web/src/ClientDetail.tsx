import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clientsText } from './locales.ts';
import { CLIENT_FEATURES, clientRoutes, clientUpdate, type Client } from '@intranet/clients-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormError, FormField, useApiForm } from '@intranet/web-forms';
import { useSession } from '@intranet/web-session';
import { Badge, Button, Checkbox, ConfirmDialog, ErrorState, FormGrid, Input, Loader, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { useClient } from './api/client-get.ts';
import { clientChanged, updateClient } from './api/client-update.ts';
import { switchFeature } from './api/features-switch.ts';
import { DesignTab } from './DesignTab.tsx';

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
function DataTab({ client }: { client: Client }) {
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

/**
 * "Features" tab: a switch per client feature, PUT /api/clients/features/switch/{client}/{code}. Each switch submits
 * one `useApiForm` over the route's params (the contract's schema): the switches wait while it runs and a refusal
 * is worded above them (client-features-error). Test ids: feature-<code>.
 */
function FeaturesTab({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const active = (code: string) => client.features.find((f) => f.feature === code)?.active ?? false;
  const form = useApiForm({
    schema: clientRoutes.featuresSwitch.params,
    defaultValues: { client: client._id, code: CLIENT_FEATURES[0] },
    onSubmit: async (params) => {
      const updated = await switchFeature(params);
      clientChanged(qc, updated);
      const on = updated.features.find((f) => f.feature === params.code)?.active ?? false;
      notifier.toast(t(on ? 'featureOn' : 'featureOff', { name: t(`features.${params.code}`) }));
    },
  });
  const toggle = (code: (typeof CLIENT_FEATURES)[number]) => {
    form.reset({ client: client._id, code });
    void form.submit();
  };

  return (
    <ApiFormView form={form} className="ui-card" data-testid="client-features" errorTestId="client-features-error">
      <p className="clients-muted">{t('featuresText')}</p>
      <div className="clients-features">
        {CLIENT_FEATURES.map((code) => (
          <Checkbox
            key={code}
            label={t(`features.${code}`)}
            checked={active(code)}
            disabled={form.busy}
            onChange={() => toggle(code)}
            data-testid={`feature-${code}`}
          />
        ))}
      </div>
    </ApiFormView>
  );
}

/** The block/unblock body: the status of the contract's PUT /api/clients/{id}. */
const statusBody = clientUpdate.pick({ status: true }).required();

const TABS = ['data', 'design', 'features', 'rights', 'maintenance'] as const;
const READY = new Set<string>(['data', 'design', 'features']);

/**
 * One client (§2 client screen): block/unblock (PUT /api/clients/{id} {status}) and the tabs data, design and
 * features; other rights and maintenance are disabled for now. Test ids: client-detail, client-status,
 * client-block, client-unblock, client-manage-employees, client-back.
 */
export function ClientDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const { selectClient } = useSession();
  const q = useClient(id);
  const [tab, setTab] = useState<string>('data');
  const [confirmBlock, setConfirmBlock] = useState(false);
  // Block / unblock: one `useApiForm` over the status of the contract's update body; a refusal shows above the tabs.
  const statusForm = useApiForm({
    schema: statusBody,
    defaultValues: { status: 'active' },
    onSubmit: async (body) => {
      const updated = await updateClient(id, body);
      clientChanged(qc, updated);
      notifier.toast(t(body.status === 'blocked' ? 'blocked' : 'unblocked'));
    },
  });
  const busy = statusForm.busy;

  if (q.isPending) return <Loader />;
  // A missing right or an unknown client: a clear page, no Retry (§8).
  if (q.isError && pageLoadKind(q.error) !== 'error') return <PageLoadError error={q.error} />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="client-error" />;
  const client = q.data;

  const setStatus = async (status: 'active' | 'blocked') => {
    statusForm.reset({ status });
    await statusForm.submit();
    setConfirmBlock(false);
  };

  const manage = () => {
    selectClient({ _id: client._id, workspace: client.workspace, name: client.name });
    navigate('/employees/');
  };

  return (
    <section data-testid="client-detail">
      <button type="button" className="clients-back" onClick={onBack} data-testid="client-back">
        {t('back')}
      </button>
      <div className="clients-head">
        <h1 className="ui-page-title">
          {client.name} <span className="clients-ws">{client.workspace}</span>
        </h1>
        <span data-testid="client-status" data-status={client.status}>
          <Badge tone={client.status === 'active' ? 'success' : 'danger'}>{t(`status.${client.status}`)}</Badge>
        </span>
        <span className="ui-toolbar__spacer" />
        <Button variant="secondary" onClick={manage} data-testid="client-manage-employees">
          {t('employees')}
        </Button>
        {client.status === 'active' ? (
          <Button variant="danger" onClick={() => setConfirmBlock(true)} loading={busy} data-testid="client-block">
            {t('block')}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => void setStatus('active')} loading={busy} data-testid="client-unblock">
            {t('unblock')}
          </Button>
        )}
      </div>
      <FormError form={statusForm} testId="client-status-error" />
      <Tabs
        label={client.name}
        active={tab}
        onChange={setTab}
        tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`), disabled: !READY.has(id), title: READY.has(id) ? undefined : t('soon') }))}
      >
        {tab === 'data' ? <DataTab client={client} /> : null}
        {tab === 'design' ? <DesignTab client={client} /> : null}
        {tab === 'features' ? <FeaturesTab client={client} /> : null}
      </Tabs>
      <ConfirmDialog
        open={confirmBlock}
        message={t('blockConfirm', { name: client.name })}
        confirmLabel={t('block')}
        onConfirm={() => setStatus('blocked')}
        onCancel={() => setConfirmBlock(false)}
        testId="client-block-confirm"
      />
    </section>
  );
}
