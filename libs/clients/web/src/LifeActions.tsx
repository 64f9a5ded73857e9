import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { lifeJobStart, type Client } from '@intranet/clients-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Button, FormGrid, Input, useNotifier } from '@intranet/web-ui';
import { clientKeys } from './api/keys.ts';
import { uploadArchive } from './api/archive-adopt.ts';
import { startJob } from './api/job-start.ts';

const [cloneBody, , exportBody, importBody] = lifeJobStart.options;
const cloneSchema = cloneBody.pick({ workspace: true, name: true });
const exportSchema = exportBody.pick({ name: true });
// The name may stay empty (the archive's name is kept): the form's field is text, sent as undefined when empty.
const importSchema = importBody.pick({ workspace: true, key: true }).extend({ name: z.string().trim().max(200) });

/**
 * The maintenance tab's long actions, each a form starting a job (POST api/clients/jobs): export to an archive,
 * clone into a new workspace, import an archive (its key, as an export's job names it, or an archive file uploaded
 * here: through this workspace's uploads, then moved to the archives) under a new workspace code. The job's progress
 * shows in LifeJobs. Test ids: life-export(-submit), clone-workspace, clone-name, clone-submit, import-workspace,
 * import-key, import-file, import-submit.
 */
export function LifeActions({ client, lastArchive }: { client: Client; lastArchive: string | null }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const started = async (body: Parameters<typeof startJob>[0]) => {
    await startJob(body);
    await qc.invalidateQueries({ queryKey: clientKeys.jobs(client._id) });
    notifier.toast(t('life.started', { kind: t(`life.kind.${body.kind}`) }));
  };
  const exportForm = useApiForm({
    schema: exportSchema,
    defaultValues: { name: client.workspace },
    onSubmit: (v) => started({ kind: 'export', client: client._id, name: v.name || undefined }),
  });
  const cloneForm = useApiForm({
    schema: cloneSchema,
    defaultValues: { workspace: '', name: '' },
    onSubmit: (v) => started({ kind: 'clone', client: client._id, workspace: v.workspace, name: v.name }),
  });
  const [percent, setPercent] = useState<number | null>(null);
  const importForm = useApiForm({
    schema: importSchema,
    defaultValues: { workspace: '', key: lastArchive ?? '', name: '' },
    onSubmit: (v) => started({ kind: 'import', workspace: v.workspace, key: v.key, name: v.name || undefined }),
  });
  // An archive file from the superadmin's disk: uploaded and adopted, its key goes into the form.
  const pickArchive = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    importForm.setFormError(null);
    setPercent(0);
    try {
      importForm.setValue('key', await uploadArchive(file, client.workspace, setPercent), { shouldDirty: true });
    } catch (err) {
      importForm.setFormError(errorText(err));
    } finally {
      setPercent(null);
    }
  };
  return (
    <>
      <ApiFormView form={exportForm} className="ui-card" data-testid="life-export" errorTestId="life-export-error">
        <h3 className="clients-subtitle">{t('life.export')}</h3>
        <FormGrid>
          <Input id="export-name" label={t('life.archiveName')} {...exportForm.field('name')} data-testid="export-name" />
        </FormGrid>
        <Button type="submit" loading={exportForm.busy} data-testid="life-export-submit">
          {t('life.exportGo')}
        </Button>
      </ApiFormView>
      <ApiFormView form={cloneForm} className="ui-card" data-testid="life-clone" errorTestId="life-clone-error">
        <h3 className="clients-subtitle">{t('life.clone')}</h3>
        <FormGrid>
          <Input id="clone-workspace" label={t('form.workspace')} {...cloneForm.field('workspace')} required autoComplete="off" data-testid="clone-workspace" />
          <Input id="clone-name" label={t('form.name')} {...cloneForm.field('name')} required data-testid="clone-name" />
        </FormGrid>
        <Button type="submit" loading={cloneForm.busy} data-testid="clone-submit">
          {t('life.cloneGo')}
        </Button>
      </ApiFormView>
      <ApiFormView form={importForm} className="ui-card" data-testid="life-import" errorTestId="life-import-error">
        <h3 className="clients-subtitle">{t('life.import')}</h3>
        <FormGrid>
          <Input
            id="import-workspace"
            label={t('form.workspace')}
            {...importForm.field('workspace')}
            required
            autoComplete="off"
            data-testid="import-workspace"
          />
          <Input id="import-key" label={t('life.archiveKey')} {...importForm.field('key')} required wide data-testid="import-key" />
          <label className="clients-file">
            {percent === null ? t('life.archiveUpload') : t('design.uploading', { percent })}
            <input type="file" accept=".gz,application/gzip" onChange={(e) => void pickArchive(e)} disabled={percent !== null} data-testid="import-file" />
          </label>
          <Input id="import-name" label={t('form.name')} {...importForm.field('name')} data-testid="import-name" />
        </FormGrid>
        <Button type="submit" loading={importForm.busy} data-testid="import-submit">
          {t('life.importGo')}
        </Button>
      </ApiFormView>
    </>
  );
}
