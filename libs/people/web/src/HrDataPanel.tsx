import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import type { User } from '@intranet/people-contract';
import { HR_FIELDS } from '@intranet/people-contract/hr';
import { errorText } from '@intranet/web-i18n';
import { Button, ErrorState, Input, Select } from '@intranet/web-ui';
import { hrEmployeesQueryOptions, useHrEmployees } from './api/user-filter.ts';
import { EmployeeForm } from './EmployeeForm.tsx';
import { HrFiles } from './HrFiles.tsx';

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
