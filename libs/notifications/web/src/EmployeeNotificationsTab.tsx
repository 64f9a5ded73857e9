import { useState } from 'react';
import type { SettingsMatrix } from '@intranet/notifications-contract';
import { ApiFormView, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { ErrorState, Loader, Select, useNotifier } from '@intranet/web-ui';
import { useSaveSettings } from './api/settings-save.ts';
import { useUserSettings } from './api/settings-user.ts';
import { useEmployees } from './api/user-for-client.ts';
import { Matrix } from './Matrix.tsx';
import { matrixForm } from './SettingsTab.tsx';
import { notificationsText } from './locales.ts';
import './notifications.css';

/** One employee's switches as a form (PUT api/user/notifications with `user_id`). */
function EmployeeMatrixForm({ user, initial }: { user: string; initial: SettingsMatrix }) {
  const { t } = notificationsText.useT();
  const notifier = useNotifier();
  const save = useSaveSettings();
  const form = useApiForm({
    schema: matrixForm,
    defaultValues: { matrix: initial },
    onSubmit: async ({ matrix }) => {
      await save({ user_id: user, matrix });
      notifier.toast(t('admin.saved'), 'success');
    },
  });
  return (
    <ApiFormView form={form} errorTestId="notif-employee-error">
      <Matrix matrix={form.watch('matrix') as SettingsMatrix} onChange={(m) => form.setValue('matrix', m, { shouldDirty: true })} prefix="notif-emp" />
      <SubmitRow form={form} label={t('admin.save')} testId="notif-employee-save" />
    </ApiFormView>
  );
}

/**
 * Employee administration → notifications (§2): an administrator picks an employee and edits their section ×
 * channel switches (GET api/user/notifications/{user}, PUT api/user/notifications with user_id). Test ids:
 * notif-employee, notif-employee-select, notif-emp-<section>-<channel>, notif-employee-save.
 */
export function EmployeeNotificationsTab() {
  const { t } = notificationsText.useT();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const [user, setUser] = useState('');
  const people = useEmployees(clientId);
  const q = useUserSettings(user);
  if (!clientId) return null;
  const options = (people.data ?? []).filter((u) => !u.deletion_mark).map((u) => ({ value: u._id, label: u.fullName || u.email }));
  return (
    <section className="notif" data-testid="notif-employee">
      <h2>{t('admin.employeeTitle')}</h2>
      <Select
        id="notif-employee-select"
        label={t('admin.employee')}
        value={user}
        onChange={(e) => setUser(e.target.value)}
        options={[{ value: '', label: t('admin.choose') }, ...options]}
        data-testid="notif-employee-select"
      />
      {!user ? null : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Loader />
      ) : (
        <EmployeeMatrixForm key={user} user={user} initial={q.data.matrix} />
      )}
    </section>
  );
}
