import { useState } from 'react';
import { peopleText } from './locales.ts';
import { type HrFile } from '@intranet/people-contract/hr';
import { errorText, formatSize } from '@intranet/web-i18n';
import { Alert, Button, ConfirmDialog, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { deleteHrFile } from './api/user-file-delete.ts';
import { useHrFiles } from './api/user-files.ts';
import { addHrFiles } from './api/user-files-add.ts';

/** One employee's HR files: list, upload (hr kind), delete after a confirmation. */
export function HrFiles({ userId }: { userId: string }) {
  const { t, i18n } = peopleText.useT();
  const notifier = useNotifier();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<HrFile | null>(null);
  const q = useHrFiles(userId);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(null);
    try {
      setProgress(0);
      await addHrFiles(userId, Array.from(files), setProgress);
      await q.refetch();
      notifier.toast(t('hrData.uploaded'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteHrFile(userId, deleting._id);
      await q.refetch();
    } catch (err) {
      setError(errorText(err));
    }
    setDeleting(null);
  };
  return (
    <div className="people-hr-files">
      <h3 className="people-section-title">{t('hrData.files')}</h3>
      {error ? (
        <Alert kind="error" testId="hr-files-error">
          {error}
        </Alert>
      ) : null}
      {q.isPending ? <Loader /> : null}
      {q.isError ? <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} /> : null}
      {q.data && !q.data.length ? <EmptyState title={t('hrData.noFiles')} /> : null}
      <ul>
        {q.data?.map((f) => (
          <li key={f._id} data-testid="hr-file">
            <a href={f.url} target="_blank" rel="noreferrer">
              {f.filename}
            </a>{' '}
            <span className="people-muted">{formatSize(f.size, i18n.language)}</span>{' '}
            <Button variant="danger" onClick={() => setDeleting(f)} data-testid="hr-file-delete">
              {t('actions.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <label className="ui-btn ui-btn--normal">
        {progress === null ? t('hrData.upload') : `${progress}%`}
        <input type="file" multiple hidden disabled={progress !== null} onChange={(e) => void add(e.target.files)} data-testid="hr-upload" />
      </label>
      <ConfirmDialog
        open={!!deleting}
        message={deleting ? t('hrData.deleteConfirm', { name: deleting.filename }) : ''}
        confirmLabel={t('actions.delete')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        testId="hr-file-delete-confirm"
      />
    </div>
  );
}
