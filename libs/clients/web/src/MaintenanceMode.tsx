import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { clientUpdate, type Client } from '@intranet/clients-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Checkbox, useNotifier } from '@intranet/web-ui';
import { clientChanged, updateClient } from './api/client-update.ts';

/** The maintenance switch's body: the contract's PUT /api/clients/{id} {maintenance}. */
const maintenanceBody = clientUpdate.pick({ maintenance: true }).required();

/**
 * The workspace's maintenance mode (issue 36; superadmin, maintenance tab): while on, its employees see the
 * maintenance page and the server answers them 503; its administrators still get in. Test ids: maintenance-mode,
 * maintenance-mode-switch, maintenance-mode-error.
 */
export function MaintenanceMode({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const form = useApiForm({
    schema: maintenanceBody,
    defaultValues: { maintenance: client.maintenance },
    onSubmit: async (body) => {
      const updated = await updateClient(client._id, body);
      clientChanged(qc, updated);
      notifier.toast(t(updated.maintenance ? 'mode.on' : 'mode.off'));
    },
  });
  const toggle = () => {
    form.reset({ maintenance: !client.maintenance });
    void form.submit();
  };
  return (
    <ApiFormView form={form} className="ui-card" data-testid="maintenance-mode" errorTestId="maintenance-mode-error">
      <h3 className="clients-subtitle">{t('mode.title')}</h3>
      <p className="clients-muted">{t('mode.text')}</p>
      <Checkbox label={t('mode.switch')} checked={client.maintenance} disabled={form.busy} onChange={toggle} data-testid="maintenance-mode-switch" />
    </ApiFormView>
  );
}
