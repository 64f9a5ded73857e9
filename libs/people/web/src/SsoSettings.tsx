import { useState } from 'react';
import { SSO_PROVIDER_NAMES, ssoRoutes, type SsoProviderName, type SsoSetting } from '@intranet/people-contract/sso';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Alert, Badge, Button, Checkbox, ConfirmDialog, ErrorState, FormGrid, Loader, useNotifier } from '@intranet/web-ui';
import { useSsoMutations, useSsoSettings } from './api/sso-settings.ts';
import { peopleText } from './locales.ts';

/** The issuer a new provider's form starts with: Google has one; a Microsoft issuer names the tenant. */
const DEFAULT_ISSUER: Record<SsoProviderName, string> = { microsoft: '', google: 'https://accounts.google.com' };
const ISSUER_PLACEHOLDER: Record<SsoProviderName, string> = {
  microsoft: 'https://login.microsoftonline.com/<tenant id>/v2.0',
  google: 'https://accounts.google.com',
};

/**
 * Employee administration → Integrations → "Sign in with Microsoft and Google" (issue 37, administrators): the
 * working client's OpenID Connect providers through /api/sso/settings. Each provider shows whether it is set (the
 * client's own, the installation's from the configuration, or none); the administrator sets or edits the client's
 * own (issuer, client id, the secret write-only, tenant id or hosted domain, creating unknown employees) and removes
 * it after confirmation (the installation's, if any, is offered again). The application's redirect URI to register
 * at the provider is shown. Test ids: sso-settings, sso-redirect, sso-set-<provider> with -status, -edit, -remove,
 * -remove-confirm, -remove-error, -form, -issuer, -client-id, -secret, -domain, -allow-create, -save, -cancel, -error.
 */
export function SsoSettings({ clientId }: { clientId: string }) {
  const { t } = peopleText.useT();
  const q = useSsoSettings(clientId);
  return (
    <section className="ui-card" data-testid="sso-settings">
      <h2 className="people-section-title">{t('settings.sso.title')}</h2>
      <p className="people-muted">
        {t('settings.sso.text')} <code data-testid="sso-redirect">{`${window.location.origin}/authorize`}</code>
      </p>
      {q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="sso-settings-error" />
      ) : q.isPending ? (
        <Loader testId="sso-settings-loading" />
      ) : (
        SSO_PROVIDER_NAMES.map((p) => <ProviderRow key={p} clientId={clientId} provider={p} setting={q.data.find((s) => s.provider === p)} />)
      )}
    </section>
  );
}

function ProviderRow({ clientId, provider, setting }: { clientId: string; provider: SsoProviderName; setting: SsoSetting | undefined }) {
  const { t } = peopleText.useT();
  const notifier = useNotifier();
  const { remove } = useSsoMutations(clientId);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = setting && !setting.installation ? setting : undefined;
  const id = `sso-set-${provider}`;
  const status = !setting ? t('settings.sso.none') : setting.installation ? t('settings.sso.installation') : t('settings.sso.own');
  const drop = async () => {
    setError(null);
    try {
      await remove(provider);
      setEditing(false);
      notifier.toast(t('settings.sso.removed'));
    } catch (err) {
      setError(errorText(err));
    }
    setConfirm(false);
  };
  return (
    <div className="people-sso" data-testid={id}>
      <div className="people-sso__head">
        <h3 className="people-subtitle">{t(`settings.sso.${provider}`)}</h3>
        <span data-testid={`${id}-status`}>
          <Badge tone={setting ? 'success' : undefined}>{status}</Badge>
        </span>
        {setting ? <span className="people-note">{`${setting.issuer} · ${setting.clientId}`}</span> : null}
      </div>
      {error ? <Alert testId={`${id}-remove-error`}>{error}</Alert> : null}
      {!editing ? (
        <div className="people-sso__actions">
          <Button variant={own ? 'secondary' : 'primary'} onClick={() => setEditing(true)} data-testid={`${id}-edit`}>
            {own ? t('settings.sso.edit') : setting ? t('settings.sso.setOwn') : t('settings.sso.setUp')}
          </Button>
          {own ? (
            <Button variant="danger" onClick={() => setConfirm(true)} data-testid={`${id}-remove`}>
              {t('settings.sso.remove')}
            </Button>
          ) : null}
        </div>
      ) : (
        <ProviderForm key={JSON.stringify(own ?? null)} clientId={clientId} provider={provider} own={own} onDone={() => setEditing(false)} />
      )}
      <ConfirmDialog
        open={confirm}
        danger
        message={t('settings.sso.removeConfirm')}
        confirmLabel={t('settings.sso.remove')}
        onCancel={() => setConfirm(false)}
        onConfirm={drop}
        testId={`${id}-remove-confirm`}
      />
    </div>
  );
}

function ProviderForm({ clientId, provider, own, onDone }: { clientId: string; provider: SsoProviderName; own?: SsoSetting; onDone: () => void }) {
  const { t } = peopleText.useT();
  const notifier = useNotifier();
  const { save } = useSsoMutations(clientId);
  const id = `sso-set-${provider}`;
  const form = useApiForm({
    schema: ssoRoutes.ssoSettingsSave.body,
    defaultValues: {
      issuer: own?.issuer ?? DEFAULT_ISSUER[provider],
      clientId: own?.clientId ?? '',
      secret: '',
      domain: own?.domain ?? '',
      allowCreate: own?.allowCreate ?? false,
    },
    // A blank secret keeps the stored one (the server never sends it back).
    onSubmit: async ({ secret, ...rest }) => {
      await save(provider, secret ? { ...rest, secret } : rest);
      notifier.toast(t('settings.saved'));
      onDone();
    },
  });
  return (
    <ApiFormView form={form} errorTestId={`${id}-error`} data-testid={`${id}-form`}>
      <FormGrid>
        <FormField form={form} name="issuer" id={`${id}-issuer`} type="url" wide label={t('settings.sso.issuer')} placeholder={ISSUER_PLACEHOLDER[provider]} />
        <FormField form={form} name="clientId" id={`${id}-client-id`} label={t('settings.sso.clientId')} autoComplete="off" />
        <FormField
          form={form}
          name="secret"
          id={`${id}-secret`}
          type="password"
          autoComplete="new-password"
          label={t('settings.sso.secret')}
          hint={t(own?.hasSecret ? 'settings.sso.secretHint' : 'settings.sso.secretNone')}
        />
        <FormField form={form} name="domain" id={`${id}-domain`} label={t(`settings.sso.domain.${provider}`)} hint={t(`settings.sso.domainHint.${provider}`)} />
      </FormGrid>
      <Checkbox label={t('settings.sso.allowCreate')} {...form.register('allowCreate')} data-testid={`${id}-allow-create`} />
      <SubmitRow form={form} label={t('settings.save')} testId={`${id}-save`}>
        <Button variant="secondary" disabled={form.busy} onClick={onDone} data-testid={`${id}-cancel`}>
          {t('settings.sso.cancel')}
        </Button>
      </SubmitRow>
    </ApiFormView>
  );
}
