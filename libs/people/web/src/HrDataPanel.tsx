import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import type { User } from '@intranet/people-contract';
import { HR_FIELDS, type HrFile } from '@intranet/people-contract/hr';
import { errorText, formatSize } from '@intranet/web-i18n';
import { Alert, Button, ConfirmDialog, EmptyState, ErrorState, Input, Loader, Select, useNotifier } from '@intranet/web-ui';
import { hrEmployeesQueryOptions, useHrEmployees } from './api/user-filter.ts';
import { deleteHrFile } from './api/user-file-delete.ts';
import { useHrFiles } from './api/user-files.ts';
import { addHrFiles } from './api/user-files-add.ts';
import { EmployeeForm } from './EmployeeForm.tsx';

/**
 * "Company data" tab, employees' part (§2, §3 User HR data and files): pick an employee, see their HR fields (edited
 * in the employee form, PUT api/user/{id}) and HR files — upload (POST api/upload?kind=hr, then POST
 * api/user/{userId}/files), open (short-lived signed link) and delete (DELETE api/user/{userId}/file/{fileId}).
 * Test ids: hr-data, hr-search, hr-employee, hr-field-<name>, hr-edit, hr-upload, hr-file, hr-file-delete.
 */
export function HrDataPanel({ workspace }: { workspace: string }) {
  const { t } = peopleText.useT();
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState('');
  const [editing, setEditing] = useState(false);
  const qc = useQueryClient();
  const list = useHrEmployees(workspace, search);
  const users = list.data?.users ?? [];
  const user = users.find((u) => u._id === userId) ?? null;
  return (
    <section className="ui-card" data-testid="hr-data">
      <h2 className="people-section-title">{t('hrData.title')}</h2>
      <div className="people-hr-pick">
        <Input label={t('hrData.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="hr-search" />
        <Select
          label={t('hrData.employee')}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          data-testid="hr-employee"
          options={[{ value: '', label: t('hrData.choose') }, ...users.map((u) => ({ value: u._id, label: u.fullName }))]}
        />
      </div>
      {list.isError ? <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {user ? (
        <>
          <dl className="people-hr-fields">
            {HR_FIELDS.map((f) => (
              <div key={f} data-testid={`hr-field-${f}`}>
                <dt>{t(`hrData.fields.${f}`)}</dt>
                <dd>{user[f] === null || user[f] === '' ? '—' : String(user[f])}</dd>
              </div>
            ))}
          </dl>
          <Button onClick={() => setEditing(true)} data-testid="hr-edit">
            {t('hrData.edit')}
          </Button>
          <HrFiles userId={user._id} />
        </>
      ) : null}
      {editing && user ? (
        <EmployeeForm
          user={user}
          onClose={() => setEditing(false)}
          onSaved={(u: User) => {
            qc.setQueryData(hrEmployeesQueryOptions(workspace, search).queryKey, (d) =>
              d ? { ...d, users: d.users.map((x) => (x._id === u._id ? u : x)) } : d,
            );
            setEditing(false);
          }}
        />
      ) : null}
    </section>
  );
}

/** One employee's HR files: list, upload (hr kind), delete after a confirmation. */
function HrFiles({ userId }: { userId: string }) {
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
