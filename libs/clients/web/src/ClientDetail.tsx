import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLIENT_FEATURES, clientRoutes, clientUpdate, type Client } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';
import { useSession } from '@intranet/web-session';
import { Alert, Badge, Button, Checkbox, ConfirmDialog, ErrorState, FormGrid, Input, Loader, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { errorText, serverFieldErrors, zodErrors } from '@intranet/web-i18n';
import { clientChanged, useClient } from './queries.ts';
import { DesignTab } from './DesignTab.tsx';

const TEXT = ['name', 'fullName', 'city', 'phone', 'address', 'director', 'telegram', 'taxNumber', 'notes'] as const;
type TextKey = (typeof TEXT)[number];

function formOf(c: Client) {
  const v: Record<TextKey, string> & { lang: string; start_page: string; storageTotalGb: string; hideMoodMeter: boolean } = {
    name: c.name, fullName: c.fullName ?? '', city: c.city ?? '', phone: c.phone ?? '', address: c.address ?? '', director: c.director ?? '',
    telegram: c.telegram ?? '', taxNumber: c.taxNumber ?? '', notes: c.notes ?? '',
    lang: c.lang, start_page: c.start_page || 'company', storageTotalGb: String(c.storage.total ?? ''), hideMoodMeter: c.settings.hideMoodMeter,
  };
  return v;
}

/** "Data" tab: PUT /api/clients/{id} with the client's fields. Inputs `client-edit-<field>`; save: client-save. */
function DataTab({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [v, setV] = useState(() => formOf(client));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setV(formOf(client)), [client]);
  const set = (k: string) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body: Record<string, unknown> = {
      name: v.name,
      lang: v.lang,
      start_page: v.start_page,
      settings: { hideMoodMeter: v.hideMoodMeter, initialRights: client.settings.initialRights },
    };
    for (const k of TEXT) if (k !== 'name') body[k] = v[k].trim() || null;
    const gb = Number(v.storageTotalGb);
    if (v.storageTotalGb.trim() && Number.isFinite(gb)) body.storageTotalGb = gb;
    const parsed = clientUpdate.safeParse(body);
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const updated = await call(clientRoutes.update, { params: { id: client._id }, body: body as never, silent: true });
      clientChanged(qc, updated);
      notifier.toast(t('saved'));
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const text = (k: TextKey, opts: { required?: boolean; wide?: boolean } = {}) => (
    <Input id={`client-edit-${k}`} label={t(`form.${k}`)} value={v[k]} onChange={set(k)} error={errors[k]} required={opts.required} wide={opts.wide} data-testid={`client-edit-${k}`} />
  );

  return (
    <form onSubmit={submit} noValidate className="ui-card" data-testid="client-data-form">
      {error ? <Alert testId="client-save-error">{error}</Alert> : null}
      <FormGrid>
        {text('name', { required: true })}
        {text('fullName')}
        <Select id="client-edit-lang" label={t('form.lang')} value={v.lang} onChange={set('lang')} error={errors.lang}
          options={[{ value: 'ru', label: 'Русский' }, { value: 'uk', label: 'Українська' }, { value: 'en', label: 'English' }]} data-testid="client-edit-lang" />
        <Select id="client-edit-start_page" label={t('form.start_page')} value={v.start_page} onChange={set('start_page')} error={errors.start_page}
          options={[{ value: 'company', label: t('form.start_company') }, { value: 'profile', label: t('form.start_profile') }]} data-testid="client-edit-start_page" />
        {text('city')}
        {text('phone')}
        {text('address', { wide: true })}
        {text('director')}
        {text('telegram')}
        {text('taxNumber')}
        <Input id="client-edit-storageTotalGb" label={t('form.storageTotalGb')} type="number" min={1} value={v.storageTotalGb} onChange={set('storageTotalGb')} error={errors.storageTotalGb} hint={t('storage', { used: client.storage.used, total: client.storage.total })} data-testid="client-edit-storageTotalGb" />
        <TextArea id="client-edit-notes" label={t('form.notes')} value={v.notes} onChange={set('notes')} error={errors.notes} wide data-testid="client-edit-notes" />
      </FormGrid>
      <Checkbox label={t('form.hideMoodMeter')} checked={v.hideMoodMeter} onChange={(e) => setV((s) => ({ ...s, hideMoodMeter: e.target.checked }))} data-testid="client-edit-hideMoodMeter" />
      <div className="clients-actions">
        <Button type="submit" loading={busy} data-testid="client-save">{t('common:save')}</Button>
      </div>
    </form>
  );
}

/** "Features" tab: a switch per client feature, PUT /api/clients/features/switch/{client}/{code}. Test ids: feature-<code>. */
function FeaturesTab({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [pending, setPending] = useState<string | null>(null);
  const active = (code: string) => client.features.find((f) => f.feature === code)?.active ?? false;

  const toggle = async (code: (typeof CLIENT_FEATURES)[number]) => {
    setPending(code);
    try {
      const updated = await call(clientRoutes.featureSwitch, { params: { client: client._id, code } });
      clientChanged(qc, updated);
      const on = updated.features.find((f) => f.feature === code)?.active ?? false;
      notifier.toast(t(on ? 'featureOn' : 'featureOff', { name: t(`features.${code}`) }));
    } catch {
      /* shown by the error dialog */
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="ui-card" data-testid="client-features">
      <p className="clients-muted">{t('featuresText')}</p>
      <div className="clients-features">
        {CLIENT_FEATURES.map((code) => (
          <Checkbox key={code} label={t(`features.${code}`)} checked={active(code)} disabled={pending !== null} onChange={() => void toggle(code)} data-testid={`feature-${code}`} />
        ))}
      </div>
    </div>
  );
}

const TABS = ['data', 'design', 'features', 'rights', 'maintenance'] as const;
const READY = new Set<string>(['data', 'design', 'features']);

/**
 * One client (§2 client screen): block/unblock (PUT /api/clients/{id} {status}) and the tabs data, design and
 * features; other rights and maintenance are disabled for now. Test ids: client-detail, client-status,
 * client-block, client-unblock, client-manage-employees, client-back.
 */
export function ClientDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('clients');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const { selectClient } = useSession();
  const q = useClient(id);
  const [tab, setTab] = useState<string>('data');
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [busy, setBusy] = useState(false);

  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="client-error" />;
  const client = q.data;

  const setStatus = async (status: 'active' | 'blocked') => {
    setBusy(true);
    try {
      const updated = await call(clientRoutes.update, { params: { id: client._id }, body: { status } });
      clientChanged(qc, updated);
      notifier.toast(t(status === 'blocked' ? 'blocked' : 'unblocked'));
      setConfirmBlock(false);
    } finally {
      setBusy(false);
    }
  };

  const manage = () => {
    selectClient({ _id: client._id, workspace: client.workspace, name: client.name });
    navigate('/employees/');
  };

  return (
    <section data-testid="client-detail">
      <button type="button" className="clients-back" onClick={onBack} data-testid="client-back">{t('back')}</button>
      <div className="clients-head">
        <h1 className="ui-page-title">
          {client.name} <span className="clients-ws">{client.workspace}</span>
        </h1>
        <span data-testid="client-status" data-status={client.status}>
          <Badge tone={client.status === 'active' ? 'success' : 'danger'}>{t(`status.${client.status}`)}</Badge>
        </span>
        <span className="ui-toolbar__spacer" />
        <Button variant="secondary" onClick={manage} data-testid="client-manage-employees">{t('employees')}</Button>
        {client.status === 'active' ? (
          <Button variant="danger" onClick={() => setConfirmBlock(true)} loading={busy} data-testid="client-block">{t('block')}</Button>
        ) : (
          <Button variant="primary" onClick={() => void setStatus('active').catch(() => undefined)} loading={busy} data-testid="client-unblock">{t('unblock')}</Button>
        )}
      </div>
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
