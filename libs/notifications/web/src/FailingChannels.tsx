import { errorText, formatDateTime } from '@intranet/web-i18n';
import { Alert } from '@intranet/web-ui';
import { useFailingChannels } from './api/channels-health.ts';
import { notificationsText } from './locales.ts';

/**
 * The channels that keep failing for the client (GET api/notification/channels/{client}): per channel how many
 * sends failed since it last delivered, since when and the last error code. Test ids: notif-failing, notif-failing-<channel>.
 */
export function FailingChannels({ clientId }: { clientId: string }) {
  const { t } = notificationsText.useT();
  const q = useFailingChannels(clientId);
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
