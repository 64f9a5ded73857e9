import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { errorText, formatSize } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { useHangedFiles } from './api/client-hanged-files.ts';
import { clientKeys } from './api/keys.ts';
import { deleteMinioFiles } from './api/minio-files-delete.ts';

const noFields = z.object({});

/**
 * Files cleaning (issue 36): the stored objects of the workspace nothing references (GET
 * api/clients/hangedFilesByClient/{id}) with their sizes, found on demand, and their deletion (POST api/del_minio_files).
 * Test ids: hanged-files, hanged-find, hanged-list, hanged-delete.
 */
export function HangedFiles({ id }: { id: string }) {
  const { t, i18n } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [open, setOpen] = useState(false);
  const list = useHangedFiles(id, open);
  const form = useApiForm({
    schema: noFields,
    defaultValues: {},
    onSubmit: async () => {
      const r = await deleteMinioFiles((list.data ?? []).map((f) => f.key));
      notifier.toast(t('life.hangedDeleted', { n: r.deleted, size: formatSize(r.bytes, i18n.language) }));
      await qc.invalidateQueries({ queryKey: clientKeys.hangedFiles(id) });
      void qc.invalidateQueries({ queryKey: clientKeys.filestat(id) });
      void qc.invalidateQueries({ queryKey: clientKeys.stat(id) });
    },
  });
  return (
    <ApiFormView form={form} className="ui-card" data-testid="hanged-files" errorTestId="hanged-error">
      <h3 className="clients-subtitle">{t('life.hanged')}</h3>
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="hanged-find">
          {t('life.hangedFind')}
        </Button>
      ) : list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('life.hangedNone')} />
      ) : (
        <>
          <ul data-testid="hanged-list">
            {list.data.map((f) => (
              <li key={f.key}>
                <code>{f.key.split('/').slice(1).join('/')}</code> {formatSize(f.size, i18n.language)}
              </li>
            ))}
          </ul>
          <Button type="submit" variant="danger" loading={form.busy} data-testid="hanged-delete">
            {t('life.hangedDelete', { n: list.data.length })}
          </Button>
        </>
      )}
    </ApiFormView>
  );
}
