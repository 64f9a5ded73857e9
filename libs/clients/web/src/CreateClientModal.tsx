import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientCreate, clientRoutes, type Client } from '@intranet/clients-contract';
import { peopleRoutes, registerBody } from '@intranet/people-contract';
import { V } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { Alert, Button, FormGrid, Input, Modal, Select } from '@intranet/web-ui';
import { errorText, serverFieldErrors, translateServerMessage, zodErrors } from '@intranet/web-i18n';
import { clientKeys } from './queries.ts';

const LANGS = [
  { value: 'ru', label: 'Русский' },
  { value: 'uk', label: 'Українська' },
  { value: 'en', label: 'English' },
];

/**
 * Create a client (POST /api/clients {workspace, name, lang}) and then its administrator (POST /api/register
 * {client_id, firstName, lastName, email, password, confirmPassword, roles:['admin']}). If the second step
 * fails the client stays created and the form retries only the administrator.
 * Test ids: client-workspace, client-name, client-lang, admin-first-name, admin-last-name, admin-email,
 * admin-password, admin-confirm-password, client-create-submit, client-create-error.
 */
export function CreateClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (client: Client) => void }) {
  const { t } = useTranslation('clients');
  const qc = useQueryClient();
  const [c, setC] = useState({ workspace: '', name: '', lang: 'ru' });
  const [a, setA] = useState({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [created, setCreated] = useState<Client | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const clientParsed = clientCreate.safeParse(c);
    const adminBody = { ...a, roles: ['admin'] as const };
    const adminParsed = registerBody.safeParse(adminBody);
    const errs: Record<string, string> = {};
    if (!created && !clientParsed.success) Object.assign(errs, zodErrors(clientParsed.error));
    if (!adminParsed.success) for (const [k, v] of Object.entries(zodErrors(adminParsed.error))) errs[`admin.${k}`] = v;
    if (!a.password && !errs['admin.password']) errs['admin.password'] = translateServerMessage(V.required);
    if (Object.keys(errs).length) return setErrors(errs);
    setErrors({});
    setBusy(true);
    let client = created;
    try {
      if (!client) {
        client = await call(clientRoutes.create, { body: { workspace: c.workspace, name: c.name, lang: c.lang as 'ru' }, silent: true });
        setCreated(client);
        void qc.invalidateQueries({ queryKey: clientKeys.all });
      }
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorText(err));
      setBusy(false);
      return;
    }
    try {
      await call(peopleRoutes.register, { body: { ...adminBody, roles: ['admin'], client_id: client._id, middleName: null }, silent: true });
      void qc.invalidateQueries({ queryKey: clientKeys.all });
      onCreated(client);
    } catch (err) {
      const fe = serverFieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [`admin.${k}`, v])));
      setError(`${t('form.clientCreatedAdminFailed')} ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const setClient = (k: keyof typeof c) => (e: { target: { value: string } }) => setC((s) => ({ ...s, [k]: e.target.value }));
  const setAdmin = (k: keyof typeof a) => (e: { target: { value: string } }) => setA((s) => ({ ...s, [k]: e.target.value }));

  return (
    <Modal
      open
      title={t('form.createTitle')}
      onClose={onClose}
      testId="client-create-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t('common:cancel')}</Button>
          <Button type="submit" form="client-create-form" loading={busy} data-testid="client-create-submit">
            {created ? t('form.saveAdmin') : t('common:create')}
          </Button>
        </>
      }
    >
      <form id="client-create-form" onSubmit={submit} noValidate>
        {error ? <Alert testId="client-create-error">{error}</Alert> : null}
        <h3 className="clients-subtitle">{t('form.clientPart')}</h3>
        <FormGrid>
          <Input id="client-workspace" label={t('form.workspace')} hint={t('form.workspaceHint')} value={c.workspace} onChange={setClient('workspace')} error={errors.workspace} required disabled={!!created} autoComplete="off" data-testid="client-workspace" />
          <Input id="client-name" label={t('form.name')} value={c.name} onChange={setClient('name')} error={errors.name} required disabled={!!created} data-testid="client-name" />
          <Select id="client-lang" label={t('form.lang')} value={c.lang} onChange={setClient('lang')} error={errors.lang} options={LANGS} disabled={!!created} data-testid="client-lang" />
        </FormGrid>
        <h3 className="clients-subtitle">{t('form.adminPart')}</h3>
        <FormGrid>
          <Input id="admin-first-name" label={t('form.firstName')} value={a.firstName} onChange={setAdmin('firstName')} error={errors['admin.firstName']} required data-testid="admin-first-name" />
          <Input id="admin-last-name" label={t('form.lastName')} value={a.lastName} onChange={setAdmin('lastName')} error={errors['admin.lastName']} required data-testid="admin-last-name" />
          <Input id="admin-email" label={t('form.email')} type="email" value={a.email} onChange={setAdmin('email')} error={errors['admin.email']} required wide data-testid="admin-email" />
          <Input id="admin-password" label={t('form.password')} type="password" autoComplete="new-password" value={a.password} onChange={setAdmin('password')} error={errors['admin.password']} required data-testid="admin-password" />
          <Input id="admin-confirm-password" label={t('form.confirmPassword')} type="password" autoComplete="new-password" value={a.confirmPassword} onChange={setAdmin('confirmPassword')} error={errors['admin.confirmPassword']} required data-testid="admin-confirm-password" />
        </FormGrid>
      </form>
    </Modal>
  );
}
