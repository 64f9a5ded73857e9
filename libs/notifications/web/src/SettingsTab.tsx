import { settingsMatrix, type SettingsMatrix } from '@intranet/notifications-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, SubmitRow, useApiForm } from '@intranet/web-forms';
import { LoadError } from '@intranet/web-session';
import { Loader, useNotifier } from '@intranet/web-ui';
import { useSaveSettings } from './api/settings-save.ts';
import { useUserSettings } from './api/settings-user.ts';
import { TelegramLink } from './TelegramLink.tsx';
import { Matrix } from './Matrix.tsx';
import { notificationsText } from './locales.ts';

/** The form of a section × channel matrix: the contract's `settingsMatrix`. */
export const matrixForm = z.object({ matrix: settingsMatrix });

/**
 * The user's own switches as a form (PUT api/user/notifications with the matrix only); a failed save is worded above
 * the matrix. Test ids: notif-setting-<section>-<channel>, notifications-settings-save, notifications-settings-error.
 */
function OwnMatrixForm({ initial }: { initial: SettingsMatrix }) {
  const { t } = notificationsText.useT();
  const notifier = useNotifier();
  const save = useSaveSettings();
  const form = useApiForm({
    schema: matrixForm,
    defaultValues: { matrix: initial },
    onSubmit: async ({ matrix }) => {
      await save({ matrix });
      notifier.toast(t('settings.saved'), 'success');
    },
  });
  return (
    <ApiFormView form={form} errorTestId="notifications-settings-error">
      <Matrix matrix={form.watch('matrix') as SettingsMatrix} onChange={(m) => form.setValue('matrix', m, { shouldDirty: true })} />
      <SubmitRow form={form} label={t('settings.save')} testId="notifications-settings-save" />
    </ApiFormView>
  );
}

/**
 * §2 settings tab: the section × channel matrix (GET/PUT api/user/notifications); the notification centre itself
 * always keeps them; below it the user's Telegram linking. Test ids: notifications-settings.
 */
export function SettingsTab({ user }: { user: string }) {
  const { t } = notificationsText.useT();
  const q = useUserSettings(user);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} testId="notifications" noAnswer={t('loadError')} />;
  if (q.isPending) return <Loader />;
  return (
    <section data-testid="notifications-settings">
      <h2>{t('settings.title')}</h2>
      <p className="notif__hint">{t('settings.hint')}</p>
      <OwnMatrixForm initial={q.data.matrix} />
      <TelegramLink />
    </section>
  );
}
