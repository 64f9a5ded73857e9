import { clientsText } from './locales.ts';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, useNotifier } from '@intranet/web-ui';
import { exportAll } from './api/client-export-all.ts';

const noFields = z.object({});

/**
 * /clients: "Export all" (§7 POST api/clients/export/all) — one export job per live workspace; each archive's link
 * appears on that workspace's maintenance tab. Test ids: clients-export-all, clients-export-all-error.
 */
export function ExportAllButton() {
  const { t } = clientsText.useT();
  const notifier = useNotifier();
  const form = useApiForm({
    schema: noFields,
    defaultValues: {},
    onSubmit: async () => {
      const jobs = await exportAll();
      notifier.toast(t('life.exportAllStarted', { n: jobs.length }));
    },
  });
  return (
    <ApiFormView form={form} className="clients-inline" errorTestId="clients-export-all-error">
      <Button type="submit" variant="secondary" loading={form.busy} data-testid="clients-export-all">
        {t('life.exportAll')}
      </Button>
    </ApiFormView>
  );
}
