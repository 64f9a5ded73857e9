import { useState } from 'react';
import { peopleText } from './locales.ts';
import type { Client } from '@intranet/clients-contract';
import { ApiFormView, FormField, SubmitRow } from '@intranet/web-forms';
import { Alert, Button, ConfirmDialog, FormGrid } from '@intranet/web-ui';
import { orNull, useClientForm, WithClient, type BodyOf } from './client-form.tsx';
import { HrImportPanel } from './HrImportPanel.tsx';
import { SsoSettings } from './SsoSettings.tsx';

/**
 * "Integrations" tab (§2; §3 Client HR-system address, login, password; §5 "HR integration needs tax id"): the
 * password is write-only (blank keeps the stored one); Disconnect clears all three after confirmation.
 * Test ids: integrations-tab, hr-url, hr-login, hr-password, hr-save, hr-disconnect, hr-no-tax; once connected (with a
 * tax id) the import panel: hr-check, hr-check-result, hr-load-struct, hr-load-staff, hr-report. Below, the single sign-on
 * providers (issue 37, SsoSettings).
 */
export function IntegrationsTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="integrations-tab">
      {(c) => (
        <>
          <IntegrationsForm key={`${c._id}:${c.hr.url}:${c.hr.login}`} client={c} />
          {c.hr.url && c.taxNumber ? <HrImportPanel clientId={c._id} /> : null}
          <SsoSettings clientId={c._id} />
        </>
      )}
    </WithClient>
  );
}

type HrValues = { hr: { url: string; login: string; password: string }; disconnect: boolean };

/**
 * The hr part of the PUT body: blanks clear the address and login, a blank password keeps the stored one;
 * `disconnect` clears all three.
 */
const hrBody: BodyOf<HrValues> = ({ hr, disconnect }) => ({
  hr: disconnect
    ? { url: null, login: null, password: null }
    : { url: orNull(hr.url), login: orNull(hr.login), ...(hr.password ? { password: hr.password } : {}) },
});

function IntegrationsForm({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const [confirm, setConfirm] = useState(false);
  const form = useClientForm<HrValues>(
    client,
    { hr: { url: client.hr.url ?? '', login: client.hr.login ?? '', password: '' }, disconnect: false },
    hrBody,
    // The password is write-only: a saved one is not shown again.
    () => form.resetField('hr.password', { defaultValue: '' }),
  );
  // Disconnect (after the confirmation): the same form's save with all three cleared; an error shows above the form.
  const disconnect = async () => {
    form.setValue('disconnect', true);
    await form.submit();
    form.setValue('disconnect', false);
    setConfirm(false);
  };
  const connected = !!(client.hr.url || client.hr.login || client.hr.hasPassword);
  return (
    <ApiFormView form={form} className="ui-card" data-testid="integrations-tab" errorTestId="hr-error">
      <h2 className="people-section-title">{t('settings.hr.title')}</h2>
      <p className="people-muted">{t('settings.hr.text')}</p>
      {!client.taxNumber ? (
        <Alert kind="info" testId="hr-no-tax">
          {t('settings.hr.needsTax')}
        </Alert>
      ) : null}
      <FormGrid>
        <FormField form={form} name="hr.url" id="hr-url" type="url" wide label={t('settings.hr.url')} placeholder="https://" />
        <FormField form={form} name="hr.login" id="hr-login" label={t('settings.hr.login')} autoComplete="off" />
        <FormField
          form={form}
          name="hr.password"
          id="hr-password"
          type="password"
          autoComplete="new-password"
          label={t('settings.hr.password')}
          hint={t(client.hr.hasPassword ? 'settings.hr.passwordHint' : 'settings.hr.passwordNone')}
        />
      </FormGrid>
      <SubmitRow form={form} label={t('settings.save')} testId="hr-save">
        {connected ? (
          <Button variant="danger" disabled={form.busy} onClick={() => setConfirm(true)} data-testid="hr-disconnect">
            {t('settings.hr.disconnect')}
          </Button>
        ) : null}
      </SubmitRow>
      <ConfirmDialog
        open={confirm}
        message={t('settings.hr.disconnectConfirm')}
        confirmLabel={t('settings.hr.disconnect')}
        onCancel={() => setConfirm(false)}
        onConfirm={disconnect}
        testId="hr-disconnect-confirm"
      />
    </ApiFormView>
  );
}
