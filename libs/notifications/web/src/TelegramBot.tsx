import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { FormGrid, useNotifier } from '@intranet/web-ui';
import { useTelegramBot } from './api/telegram-bot.ts';
import { useSaveTelegramBot } from './api/telegram-bot-save.ts';
import { notificationsText } from './locales.ts';

const body = notificationsAdminRoutes.telegramBotSave.body.shape;
/** The bot form: the contract's token and channel as plain texts (empty token keeps the saved one, empty channel clears it). */
const botForm = z.object({ token: body.token.unwrap().unwrap(), channel: body.channel.unwrap().unwrap() });

/** The bot's form once its state is known (`configured`: a token is saved; it is never shown). */
function TelegramBotForm({ clientId, configured, channel }: { clientId: string; configured: boolean; channel: string }) {
  const { t } = notificationsText.useT();
  const notifier = useNotifier();
  const save = useSaveTelegramBot(clientId);
  const form = useApiForm({
    schema: botForm,
    defaultValues: { token: '', channel },
    onSubmit: async (v) => {
      const r = await save({ ...(v.token ? { token: v.token } : {}), channel: v.channel || null });
      form.reset({ token: '', channel: r.channel ?? '' });
      notifier.toast(t('admin.saved'), 'success');
    },
  });
  return (
    <ApiFormView form={form} errorTestId="notif-telegram-error">
      <FormGrid>
        <FormField
          form={form}
          name="token"
          id="notif-telegram-token"
          type="password"
          autoComplete="off"
          label={t('admin.telegramToken')}
          placeholder={configured ? '••••••••' : ''}
        />
        <FormField form={form} name="channel" id="notif-telegram-channel" label={t('admin.telegramChannel')} />
      </FormGrid>
      <SubmitRow form={form} variant="secondary" label={t('admin.save')} testId="notif-telegram-save" />
    </ApiFormView>
  );
}

/**
 * The client's Telegram bot (token write-only) and channel (§3 Client Telegram channel): GET/PUT
 * api/notification/telegram/bot. Test ids: notif-telegram-bot, notif-telegram-token, notif-telegram-channel, notif-telegram-save.
 */
export function TelegramBot({ clientId }: { clientId: string }) {
  const q = useTelegramBot(clientId);
  return (
    <section data-testid="notif-telegram-bot">
      <h3>Telegram</h3>
      {/* Remounted once the bot's state arrives, so the form starts from the saved channel. */}
      <TelegramBotForm key={q.data ? 'known' : 'unknown'} clientId={clientId} configured={!!q.data?.configured} channel={q.data?.channel ?? ''} />
    </section>
  );
}
