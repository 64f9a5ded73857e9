import { settingsBody, type AdaptSettings } from '@intranet/adaptation-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { LoadError, useSession } from '@intranet/web-session';
import { Loader, useNotifier } from '@intranet/web-ui';
import { useAdaptSettings } from './api/settings-get.ts';
import { useSaveSettings } from './api/settings-save.ts';
import { adaptationText } from './locales.ts';

/**
 * Track tab "extra" (§3 settings per client): the time zone and hour steps open at, and the probation length — shown
 * to HR, changed by client administrators. Test ids: adapt-settings-tz, adapt-settings-hour, adapt-settings-probation,
 * adapt-settings-save, adapt-settings-error.
 */
export function ExtraTab() {
  const s = useSession();
  const client = s.client?._id ?? s.user?.client_id ?? '';
  const q = useAdaptSettings(client);
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} testId="adapt-settings" />;
  return <SettingsForm client={client} settings={q.data} canEdit={s.isAdmin} />;
}

function SettingsForm({ client, settings, canEdit }: { client: string; settings: AdaptSettings; canEdit: boolean }) {
  const { t } = adaptationText.useT();
  const notifier = useNotifier();
  const save = useSaveSettings(client);
  const asNumber = { setValueAs: (v: unknown) => (v === '' ? undefined : Number(v)) } as const;
  const form = useApiForm({
    schema: settingsBody,
    defaultValues: settings,
    onSubmit: async (v) => {
      await save.mutateAsync(v);
      notifier.toast(t('saved'), 'success');
    },
  });
  return (
    <div className="adapt-tab">
      <ApiFormView form={form} errorTestId="adapt-settings-error">
        <fieldset disabled={!canEdit} className="adapt-fieldset">
          <legend>{t('settings.title')}</legend>
          <FormField form={form} name="time_zone" id="adapt-settings-tz" label={t('settings.timeZone')} hint={t('settings.timeZoneHint')} />
          <FormField form={form} name="open_hour" id="adapt-settings-hour" label={t('settings.openHour')} type="number" min={0} max={23} rules={asNumber} />
          <FormField
            form={form}
            name="probation_days"
            id="adapt-settings-probation"
            label={t('settings.probation')}
            type="number"
            min={1}
            max={365}
            rules={asNumber}
          />
        </fieldset>
        {canEdit ? <SubmitRow form={form} label={t('save')} testId="adapt-settings-save" /> : <p className="adapt-muted">{t('settings.adminsOnly')}</p>}
      </ApiFormView>
    </div>
  );
}
