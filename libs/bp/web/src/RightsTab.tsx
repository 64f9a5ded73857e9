import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpText } from './locales.ts';
import { bpRoutes, type Service } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { Alert, Button, Checkbox, Input, useNotifier } from '@intranet/web-ui';
import { bpKeys, PeoplePicker, useFieldErrors } from './common.tsx';

/**
 * The rights tab of /service/{_id} (§2 service tabs; administrators): who may start the service — everyone of the
 * company, or the chosen people and departments (the service's `for_all`, `users`, `departments`). Saved with PUT
 * api/bp/{id}; the server enforces it on every read and start (403 bpNotAllowed) and refuses people of another
 * client. Administrators may always start it. Test ids: bp-rights-form, bp-rights-for-all, bp-rights-users,
 * bp-rights-departments, bp-save-rights.
 */
export function RightsTab({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const [forAll, setForAll] = useState(service.for_all);
  const [users, setUsers] = useState<string[]>(service.users);
  const [departments, setDepartments] = useState(service.departments.join(', '));
  const save = useMutation({
    mutationFn: () =>
      call(bpRoutes.serviceUpdate, {
        params: { id: service._id },
        body: {
          for_all: forAll,
          users,
          departments: departments
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        },
        silent: true,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bpKeys.all });
      notify.toast(t('service.saved'));
    },
  });
  const errs = useFieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="bp-form" data-testid="bp-rights-form" noValidate>
      <p className="bp-muted">{t('rights.intro')}</p>
      {errs.other ? <Alert>{errs.other}</Alert> : null}
      <Checkbox label={t('service.forAll')} checked={forAll} onChange={(e) => setForAll(e.target.checked)} data-testid="bp-rights-for-all" />
      {forAll ? null : (
        <>
          <PeoplePicker
            label={t('rights.users')}
            multiple
            value={users}
            onChange={setUsers}
            error={errs.fields.users ?? Object.entries(errs.fields).find(([k]) => k.startsWith('users.'))?.[1] ?? null}
            testId="bp-rights-users"
            id="bp-rights-users"
          />
          <Input
            id="bp-rights-departments"
            label={t('service.departments')}
            value={departments}
            onChange={(e) => setDepartments(e.target.value)}
            error={errs.fields.departments ?? null}
            data-testid="bp-rights-departments"
            wide
          />
          {!users.length && !departments.trim() ? <Alert kind="info">{t('rights.nobody')}</Alert> : null}
        </>
      )}
      <div className="bp-actions">
        <Button type="submit" loading={save.isPending} data-testid="bp-save-rights">
          {t('service.save')}
        </Button>
      </div>
    </form>
  );
}
