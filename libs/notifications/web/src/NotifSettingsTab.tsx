import { settingsMatrix, type SettingsMatrix } from '@intranet/notifications-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { ErrorState, FormGrid, Loader, useNotifier } from '@intranet/web-ui';
import { useClientSettings } from './api/settings-client.ts';
import { useSaveSettings } from './api/settings-save.ts';
import { FailingChannels } from './FailingChannels.tsx';
import { Matrix } from './Matrix.tsx';
import { TelegramBot } from './TelegramBot.tsx';
import { notificationsText } from './locales.ts';
import './notifications.css';

/** The defaults form: the matrix and the webhooks as texts (empty: none; the server checks each is a public https URL). */
const defaultsForm = z.object({ matrix: settingsMatrix, webhooks: z.object({ slack: z.string().trim(), teams: z.string().trim() }) });
type Defaults = z.input<typeof defaultsForm>;

/** The client's default switches and webhooks as one form (PUT api/user/notifications with `client_id`). */
function DefaultsForm({ clientId, initial }: { clientId: string; initial: Defaults }) {
  const { t } = notificationsText.useT();
  const notifier = useNotifier();
  const save = useSaveSettings();
  const form = useApiForm({
    schema: defaultsForm,
    defaultValues: initial,
    onSubmit: async ({ matrix, webhooks }) => {
      await save({ client_id: clientId, matrix, webhooks: { slack: webhooks.slack || null, teams: webhooks.teams || null } });
      notifier.toast(t('admin.saved'), 'success');
    },
  });
  return (
    <ApiFormView form={form} errorTestId="notif-defaults-error">
      <Matrix matrix={form.watch('matrix') as SettingsMatrix} onChange={(m) => form.setValue('matrix', m, { shouldDirty: true })} prefix="notif-default" />
      <h3>{t('admin.webhooks')}</h3>
      <FormGrid>
        <FormField form={form} name="webhooks.slack" id="notif-slack" label={t('admin.slack')} wide />
        <FormField form={form} name="webhooks.teams" id="notif-teams" label={t('admin.teams')} wide />
      </FormGrid>
      <SubmitRow form={form} label={t('admin.save')} testId="notif-defaults-save" />
    </ApiFormView>
  );
}

/**
 * Admin panel → notification settings (§2): the client's defaults for employees who chose none (GET/PUT
 * api/user/notifications[/client/{client}]), the company's Slack / MS Teams webhooks and Telegram bot, and the
 * channels that keep failing. Test ids: notif-defaults, notif-default-<section>-<channel>, notif-defaults-save.
 */
export function NotifSettingsTab() {
  const { t } = notificationsText.useT();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const q = useClientSettings(clientId);
  if (!clientId) return null;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <Loader />;
  return (
    <section className="notif" data-testid="notif-defaults">
      <h2>{t('admin.defaultsTitle')}</h2>
      <p className="notif__hint">{t('admin.defaultsHint')}</p>
      <DefaultsForm
        clientId={clientId}
        initial={{ matrix: q.data.matrix, webhooks: { slack: q.data.webhooks?.slack ?? '', teams: q.data.webhooks?.teams ?? '' } }}
      />
      <TelegramBot clientId={clientId} />
      <FailingChannels clientId={clientId} />
    </section>
  );
}
