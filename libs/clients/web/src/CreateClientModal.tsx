import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { clientCreate, type Client } from '@intranet/clients-contract';
import { registerBody } from '@intranet/people-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, FormGrid, Input, Modal, Select } from '@intranet/web-ui';
import { createClient } from './api/client-create.ts';
import { clientKeys } from './api/keys.ts';
import { registerUser } from './api/user-register.ts';

/** The form: the client part of POST /api/clients and the administrator part of POST /api/register. */
const createSchema = z.object({ client: clientCreate.pick({ workspace: true, name: true, lang: true }), admin: registerBody });

const LANGS = [
  { value: 'ru', label: 'Русский' },
  { value: 'uk', label: 'Українська' },
  { value: 'en', label: 'English' },
];

/**
 * Create a client (POST /api/clients {workspace, name, lang}) and then its administrator (POST /api/register
 * {client_id, firstName, lastName, email, password, confirmPassword, roles:['admin']}). If the second step
 * fails the client stays created and the form retries only the administrator. One `useApiForm` over the contract's
 * `clientCreate` (workspace, name, lang) and `registerBody` (the administrator): field errors — the schema's and the
 * server's (e.g. 'This workspace code is already taken') — under their field in the user's language.
 * Test ids: client-workspace, client-name, client-lang, admin-first-name, admin-last-name, admin-email,
 * admin-password, admin-confirm-password, client-create-submit, client-create-error.
 */
export function CreateClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (client: Client) => void }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const [created, setCreated] = useState<Client | null>(null);
  // Which request failed decides where its field errors go (client.* or admin.*) and the line above the form.
  const step = useRef<'client' | 'admin'>('client');

  const form = useApiForm({
    schema: createSchema,
    defaultValues: { client: { workspace: '', name: '', lang: 'ru' }, admin: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' } },
    serverField: (f) => `${step.current}.${f}`,
    errorPrefix: () => (step.current === 'admin' ? t('form.clientCreatedAdminFailed') : null),
    onSubmit: async ({ client: c, admin }) => {
      let client = created;
      if (!client) {
        step.current = 'client';
        client = await createClient({ workspace: c.workspace, name: c.name, lang: c.lang });
        setCreated(client);
        void qc.invalidateQueries({ queryKey: clientKeys.all });
      }
      step.current = 'admin';
      await registerUser({ ...admin, roles: ['admin'], client_id: client._id, middleName: null });
      void qc.invalidateQueries({ queryKey: clientKeys.all });
      onCreated(client);
    },
  });
  const busy = form.busy;

  return (
    <Modal
      open
      title={t('form.createTitle')}
      onClose={onClose}
      testId="client-create-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="client-create-form" loading={busy} data-testid="client-create-submit">
            {created ? t('form.saveAdmin') : t('common:create')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="client-create-form" errorTestId="client-create-error">
        <h3 className="clients-subtitle">{t('form.clientPart')}</h3>
        <FormGrid>
          <Input
            id="client-workspace"
            label={t('form.workspace')}
            hint={t('form.workspaceHint')}
            {...form.field('client.workspace')}
            required
            disabled={!!created}
            autoComplete="off"
            data-testid="client-workspace"
          />
          <Input id="client-name" label={t('form.name')} {...form.field('client.name')} required disabled={!!created} data-testid="client-name" />
          <Select id="client-lang" label={t('form.lang')} {...form.field('client.lang')} options={LANGS} disabled={!!created} data-testid="client-lang" />
        </FormGrid>
        <h3 className="clients-subtitle">{t('form.adminPart')}</h3>
        <FormGrid>
          <Input id="admin-first-name" label={t('form.firstName')} {...form.field('admin.firstName')} required data-testid="admin-first-name" />
          <Input id="admin-last-name" label={t('form.lastName')} {...form.field('admin.lastName')} required data-testid="admin-last-name" />
          <Input id="admin-email" label={t('form.email')} type="email" {...form.field('admin.email')} required wide data-testid="admin-email" />
          <Input
            id="admin-password"
            label={t('form.password')}
            type="password"
            autoComplete="new-password"
            {...form.field('admin.password')}
            required
            data-testid="admin-password"
          />
          <Input
            id="admin-confirm-password"
            label={t('form.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...form.field('admin.confirmPassword')}
            required
            data-testid="admin-confirm-password"
          />
        </FormGrid>
      </ApiFormView>
    </Modal>
  );
}
