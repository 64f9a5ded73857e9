import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import type { Client } from '@intranet/clients-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, Input, useNotifier } from '@intranet/web-ui';
import { clientKeys } from './api/keys.ts';
import { startJob } from './api/job-start.ts';

/** The typed confirmation: the workspace code, typed again. */
const confirmSchema = z.object({ code: z.string() });

/**
 * Full delete of a workspace (§4: after confirmation): the button stays disabled until the workspace code is typed
 * exactly; it starts a fullDelete job (POST api/clients/jobs) whose progress shows in LifeJobs.
 * Test ids: full-delete, full-delete-code, full-delete-submit.
 */
export function FullDeleteForm({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const form = useApiForm({
    schema: confirmSchema,
    defaultValues: { code: '' },
    onSubmit: async () => {
      await startJob({ kind: 'fullDelete', client: client._id });
      await qc.invalidateQueries({ queryKey: clientKeys.jobs(client._id) });
      notifier.toast(t('life.started', { kind: t('life.kind.fullDelete') }));
    },
  });
  const typed = form.watch('code') === client.workspace;
  return (
    <ApiFormView form={form} className="ui-card clients-danger" data-testid="full-delete" errorTestId="full-delete-error">
      <h3 className="clients-subtitle">{t('life.fullDelete')}</h3>
      <p className="clients-muted">{t('life.fullDeleteText', { workspace: client.workspace })}</p>
      <Input id="full-delete-code" label={t('life.typeCode')} {...form.field('code')} autoComplete="off" data-testid="full-delete-code" />
      <Button type="submit" variant="danger" disabled={!typed} loading={form.busy} data-testid="full-delete-submit">
        {t('life.fullDeleteGo')}
      </Button>
    </ApiFormView>
  );
}
