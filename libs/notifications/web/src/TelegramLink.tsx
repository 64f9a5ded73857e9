import { errorText } from '@intranet/web-i18n';
import { Alert, Button } from '@intranet/web-ui';
import { useTelegramCode } from './api/telegram-code.ts';
import { useTelegramLink } from './api/telegram-link.ts';
import { useTelegramStatus } from './api/telegram-status.ts';
import { useTelegramUnlink } from './api/telegram-unlink.ts';
import { notificationsText } from './locales.ts';

/**
 * The user's Telegram linking (settings tab): get a one-time code, send it to the company bot, then check
 * (POST api/notification/telegram/code, /link). Test ids: notif-telegram, notif-telegram-code, notif-telegram-check.
 */
export function TelegramLink() {
  const { t } = notificationsText.useT();
  const status = useTelegramStatus();
  const code = useTelegramCode();
  const check = useTelegramLink();
  const unlink = useTelegramUnlink();
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
