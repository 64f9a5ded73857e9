import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { call } from '@intranet/web-api';
import { errorText, formatDateTime } from '@intranet/web-i18n';
import { Alert, Button, FormGrid, Input, useNotifier } from '@intranet/web-ui';

/**
 * The channels that keep failing for the client (GET api/notification/channels/{client}): per channel how many
 * sends failed since it last delivered, since when and the last error code. Test ids: notif-failing, notif-failing-<channel>.
 */
export function FailingChannels({ clientId }: { clientId: string }) {
  const { t } = useTranslation('notifications');
  const q = useQuery({
    queryKey: ['notifications', 'failing', clientId],
    queryFn: ({ signal }) => call(notificationsAdminRoutes.channelsHealth, { params: { client: clientId }, signal, silent: true }),
    refetchInterval: 60_000,
  });
  return (
    <section data-testid="notif-failing">
      <h3>{t('admin.failingTitle')}</h3>
      {q.isError ? <Alert>{errorText(q.error)}</Alert> : null}
      {q.data && !q.data.length ? <p className="notif__hint">{t('admin.failingEmpty')}</p> : null}
      {q.data?.length ? (
        <ul className="notif__list">
          {q.data.map((c) => (
            <li key={c.channel} className="notif__item ui-card" data-testid={`notif-failing-${c.channel}`} title={c.last_error}>
              {t('admin.failingRow', {
                channel: t(`channel.${c.channel}`, { defaultValue: c.channel }),
                count: c.failing,
                since: formatDateTime(c.since),
                code: c.last_code,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The client's Telegram bot (token write-only) and channel (§3 Client Telegram channel): GET/PUT
 * api/notification/telegram/bot. Test ids: notif-telegram-bot, notif-telegram-token, notif-telegram-channel.
 */
export function TelegramBot({ clientId }: { clientId: string }) {
  const { t } = useTranslation('notifications');
  const notifier = useNotifier();
  const qc = useQueryClient();
  const key = ['notifications', 'telegram-bot', clientId];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(notificationsAdminRoutes.telegramBot, { params: { client: clientId }, signal, silent: true }),
  });
  const [token, setToken] = useState('');
  const [channel, setChannel] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      call(notificationsAdminRoutes.telegramBotSave, {
        body: { ...(token.trim() ? { token: token.trim() } : {}), channel: (channel ?? q.data?.channel ?? '').trim() || null },
        silent: true,
      }),
    onSuccess: (r) => {
      qc.setQueryData(key, r);
      setToken('');
      notifier.toast(t('admin.saved'), 'success');
    },
  });
  return (
    <section data-testid="notif-telegram-bot">
      <h3>Telegram</h3>
      <FormGrid>
        <Input
          id="notif-telegram-token"
          type="password"
          autoComplete="off"
          label={t('admin.telegramToken')}
          placeholder={q.data?.configured ? '••••••••' : ''}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          data-testid="notif-telegram-token"
        />
        <Input
          id="notif-telegram-channel"
          label={t('admin.telegramChannel')}
          value={channel ?? q.data?.channel ?? ''}
          onChange={(e) => setChannel(e.target.value)}
          data-testid="notif-telegram-channel"
        />
      </FormGrid>
      {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
      <Button variant="secondary" onClick={() => save.mutate()} disabled={save.isPending} data-testid="notif-telegram-save">
        {t('admin.save')}
      </Button>
    </section>
  );
}

/**
 * The user's Telegram linking (settings tab): get a one-time code, send it to the company bot, then check
 * (POST api/notification/telegram/code, /link). Test ids: notif-telegram, notif-telegram-code, notif-telegram-check.
 */
export function TelegramLink() {
  const { t } = useTranslation('notifications');
  const qc = useQueryClient();
  const key = ['notifications', 'telegram-link'];
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => call(notificationsAdminRoutes.telegramStatus, { signal, silent: true }) });
  const code = useMutation({ mutationFn: () => call(notificationsAdminRoutes.telegramCode, { silent: true }) });
  const check = useMutation({
    mutationFn: () => call(notificationsAdminRoutes.telegramLink, { silent: true }),
    onSuccess: (r) => qc.setQueryData(key, r),
  });
  const unlink = useMutation({
    mutationFn: () => call(notificationsAdminRoutes.telegramUnlink, { silent: true }),
    onSuccess: (r) => qc.setQueryData(key, r),
  });
  const err = code.error ?? check.error ?? unlink.error;
  return (
    <section data-testid="notif-telegram">
      <h3>{t('telegram.title')}</h3>
      {status.data?.linked ? (
        <p>
          {t('telegram.linked')}{' '}
          <Button size="small" variant="secondary" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
            {t('telegram.unlink')}
          </Button>
        </p>
      ) : (
        <>
          {code.data ? (
            <p>
              {t('telegram.hint')} <code data-testid="notif-telegram-code">{code.data.code}</code>
            </p>
          ) : null}
          <Button size="small" variant="secondary" onClick={() => code.mutate()} disabled={code.isPending}>
            {t('telegram.get')}
          </Button>
          {code.data ? (
            <Button size="small" onClick={() => check.mutate()} disabled={check.isPending} data-testid="notif-telegram-check">
              {t('telegram.check')}
            </Button>
          ) : null}
        </>
      )}
      {err ? <Alert>{errorText(err)}</Alert> : null}
    </section>
  );
}
