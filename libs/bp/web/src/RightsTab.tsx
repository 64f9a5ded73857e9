import { serviceUpdate, type Service } from '@intranet/bp-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Alert, Button, Checkbox, Input, useNotifier } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useUpdateService } from './api/service-update.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

/** The rights form's values: the contract's `for_all` and `users`, the departments as typed ("Sales, HR"). */
const rightsForm = z.object({ for_all: z.boolean(), users: serviceUpdate.shape.users.unwrap(), departments: z.string().max(10_000) });
/** A server error on `users.3` or `departments.0` shows under that input. */
const rightsField = (f: string) => {
  const top = f.split('.')[0]!;
  return top === 'users' || top === 'departments' || top === 'for_all' ? top : null;
};

/**
 * The rights tab of /service/{_id} (§2 service tabs; administrators): who may start the service — everyone of the
 * company, or the chosen people and departments (the service's `for_all`, `users`, `departments`). Saved with PUT
 * api/bp/{id}; the server enforces it on every read and start (403 bpNotAllowed) and refuses people of another
 * client. Administrators may always start it. Test ids: bp-rights-form, bp-rights-for-all, bp-rights-users,
 * bp-rights-departments, bp-save-rights.
 */
export function RightsTab({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const notify = useNotifier();
  const update = useUpdateService(service._id);
  const form = useApiForm({
    schema: rightsForm,
    defaultValues: { for_all: service.for_all, users: service.users, departments: service.departments.join(', ') },
    serverField: rightsField,
    onSubmit: async (v) => {
      const departments = v.departments
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      await update.mutateAsync({ for_all: v.for_all, users: v.users, departments });
      notify.toast(t('service.saved'));
    },
  });
  const [forAll, users = [], departments = ''] = form.watch(['for_all', 'users', 'departments']);
  return (
    <ApiFormView form={form} className="bp-form" data-testid="bp-rights-form">
      <p className="bp-muted">{t('rights.intro')}</p>
      <Checkbox label={t('service.forAll')} {...form.register('for_all')} data-testid="bp-rights-for-all" />
      {forAll ? null : (
        <>
          <PeoplePicker
            label={t('rights.users')}
            multiple
            value={users}
            onChange={(ids) => form.setValue('users', ids)}
            error={form.errorOf('users') ?? null}
            testId="bp-rights-users"
            id="bp-rights-users"
          />
          <Input id="bp-rights-departments" label={t('service.departments')} {...form.field('departments')} data-testid="bp-rights-departments" wide />
          {!users.length && !departments.trim() ? <Alert kind="info">{t('rights.nobody')}</Alert> : null}
        </>
      )}
      <div className="bp-actions">
        <Button type="submit" loading={form.busy} data-testid="bp-save-rights">
          {t('service.save')}
        </Button>
      </div>
    </ApiFormView>
  );
}
