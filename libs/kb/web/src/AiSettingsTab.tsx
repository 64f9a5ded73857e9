import { AI_DATA_FIELDS, assistantSettingsIn, type AssistantSettings } from '@intranet/kb-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Alert, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { useConfigureAssistant } from './api/assistant-configure.ts';
import { useAssistantSettings } from './api/assistant-settings.ts';
import { kbText } from './locales.ts';
import './kb.css';

/** The settings as form values: the key is never sent back, so its field starts empty (empty: keep the stored one). */
const formValues = (s: AssistantSettings) => ({
  ...Object.fromEntries(AI_DATA_FIELDS.map((f) => [f, s[f]])),
  baseUrl: s.baseUrl,
  model: s.model,
  apiKey: '',
});

function AiSettingsForm({ initial }: { initial: AssistantSettings }) {
  const { t } = kbText.useT();
  const notifier = useNotifier();
  const save = useConfigureAssistant();
  const form = useApiForm({
    schema: assistantSettingsIn,
    defaultValues: formValues(initial),
    onSubmit: async ({ apiKey, ...rest }) => {
      const r = await save(apiKey ? { ...rest, apiKey } : rest);
      form.reset(formValues(r));
      notifier.toast(t('ai.saved'), 'success');
    },
  });
  return (
    <ApiFormView form={form} errorTestId="ai-settings-error" className="kb-ai-form">
      <h3>{t('ai.companyData')}</h3>
      {AI_DATA_FIELDS.map((f) => (
        <FormField key={f} form={form} name={f} id={`ai-${f}`} label={t(`ai.${f}`)} rows={f === 'generalPrompt' ? 4 : 2} />
      ))}
      <h3>{t('ai.connection')}</h3>
      <p className="kb-ai-hint">{t('ai.connectionHint')}</p>
      <FormField form={form} name="baseUrl" id="ai-baseUrl" label={t('ai.baseUrl')} type="url" autoComplete="off" placeholder="https://api.openai.com/v1" />
      <FormField form={form} name="model" id="ai-model" label={t('ai.model')} autoComplete="off" />
      <FormField
        form={form}
        name="apiKey"
        id="ai-apiKey"
        label={t('ai.apiKey')}
        type="password"
        autoComplete="new-password"
        hint={initial.keySet ? t('ai.keySet') : t('ai.keyNone')}
      />
      <SubmitRow form={form} label={t('ai.save')} testId="ai-save" />
    </ApiFormView>
  );
}

/**
 * Employee administration → AI settings (§2, admins; widget slot `employees:ai`): the seven §3 Company AI data
 * fields and the model connection (base URL, model, key). Test ids: ai-settings, ai-<field>, ai-save, ai-ready.
 */
export function AiSettingsTab() {
  const { t } = kbText.useT();
  const q = useAssistantSettings();
  return (
    <section className="kb-ai" data-testid="ai-settings">
      <h2>{t('ai.title')}</h2>
      {q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Loader />
      ) : (
        <>
          <Alert kind={q.data.ready ? 'success' : 'info'} testId="ai-ready">
            {q.data.ready ? t('ai.ready') : t('ai.notReady')}
            {q.data.installation && !q.data.baseUrl ? ` ${t('ai.installation')}` : null}
          </Alert>
          <AiSettingsForm initial={q.data} />
        </>
      )}
    </section>
  );
}
