import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import type { Client } from '@intranet/clients-contract';
import { FEATURE_RIGHTS, z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, Checkbox, useNotifier } from '@intranet/web-ui';
import { clientChanged, updateClient } from './api/client-update.ts';

/** The tab's body: PUT /api/clients/{id} {settings: {initialRights}} (the contract's rights). */
const rightsBody = z.object({ initialRights: z.array(z.enum(FEATURE_RIGHTS)) });

/**
 * The client screen's "other rights" tab (§2; §6 "initial rights for new or imported employees"): the feature rights
 * every new or imported employee of the workspace gets, saved with PUT /api/clients/{id} (journaled as
 * rights.initial). Test ids: client-rights, right-<code>, client-rights-save, client-rights-error.
 */
export function RightsTab({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const form = useApiForm({
    schema: rightsBody,
    defaultValues: {
      initialRights: client.settings.initialRights.filter((r): r is (typeof FEATURE_RIGHTS)[number] => (FEATURE_RIGHTS as readonly string[]).includes(r)),
    },
    onSubmit: async (v) => {
      const updated = await updateClient(client._id, { settings: { initialRights: v.initialRights } });
      clientChanged(qc, updated);
      notifier.toast(t('rights.saved'));
    },
  });
  const chosen = form.watch('initialRights');
  const flip = (r: (typeof FEATURE_RIGHTS)[number]) =>
    form.setValue('initialRights', chosen.includes(r) ? chosen.filter((x) => x !== r) : [...chosen, r], { shouldDirty: true });
  return (
    <ApiFormView form={form} className="ui-card" data-testid="client-rights" errorTestId="client-rights-error">
      <p className="clients-muted">{t('rights.text')}</p>
      <div className="clients-features">
        {FEATURE_RIGHTS.map((r) => (
          <Checkbox key={r} label={t(`rights.names.${r}`)} checked={chosen.includes(r)} onChange={() => flip(r)} data-testid={`right-${r}`} />
        ))}
      </div>
      <Button type="submit" loading={form.busy} data-testid="client-rights-save">
        {t('rights.save')}
      </Button>
    </ApiFormView>
  );
}
