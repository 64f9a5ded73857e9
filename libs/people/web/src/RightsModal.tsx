import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import { FEATURE_RIGHTS, z } from '@intranet/platform-contracts';
import { GRANTABLE_ROLES, peopleRoutes, type User } from '@intranet/people-contract';
import { FormError, useApiForm } from '@intranet/web-forms';
import { useSession } from '@intranet/web-session';
import { Alert, Button, Checkbox, Modal } from '@intranet/web-ui';
import { peopleKeys } from './api/keys.ts';
import { addRole } from './api/role-add.ts';
import { removeRole } from './api/role-remove.ts';

type Role = (typeof GRANTABLE_ROLES)[number];
const BASE_ROLES: Role[] = ['admin', 'head', 'poll_manager', 'employee'];
/** Feature rights are implied by the admin role (§6); base roles (admin, head, employee) are not. */
const isFeature = (role: Role) => !BASE_ROLES.includes(role);

/** One change of the dialog: the role routes' params (the contract's schema) and whether to grant (`on`) or withdraw. */
const roleChange = peopleRoutes.roleAdd.params.extend({ on: z.boolean() });

/**
 * Roles and feature rights of one employee (§6): a checkbox per grantable role; ticking calls
 * PUT /api/user/{userId}/role/{role}, unticking DELETE. Own roles cannot be changed (§5). Each tick submits one
 * `useApiForm` over `{ role, on }`: the boxes are disabled while it runs and a refusal is worded above them in
 * the user's language (rights-error). Checkboxes: data-testid "role-<role>".
 */
export function RightsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = peopleText.useT();
  const { uid } = useSession();
  const qc = useQueryClient();
  const [roles, setRoles] = useState<string[]>(user.roles);
  const own = user._id === uid;
  const name = user.fullName || `${user.firstName} ${user.lastName}`;
  const form = useApiForm({
    schema: roleChange,
    defaultValues: { userId: user._id, role: 'employee', on: true },
    onSubmit: async ({ userId, role, on }) => {
      const updated = await (on ? addRole(userId, role) : removeRole(userId, role));
      setRoles(updated.roles);
      void qc.invalidateQueries({ queryKey: peopleKeys.all });
    },
  });

  const toggle = (role: Role, on: boolean) => {
    form.reset({ userId: user._id, role, on });
    void form.submit();
  };

  const box = (role: Role) => (
    <Checkbox
      key={role}
      label={t(`rights.names.${role}`)}
      checked={roles.includes(role) || (isFeature(role) && roles.includes('admin'))}
      disabled={own || form.busy || (isFeature(role) && roles.includes('admin'))}
      onChange={(e) => toggle(role, e.target.checked)}
      data-testid={`role-${role}`}
    />
  );

  return (
    <Modal
      open
      title={t('rights.title', { name })}
      onClose={onClose}
      testId="rights-modal"
      footer={
        <Button onClick={onClose} data-testid="rights-close">
          {t('common:close')}
        </Button>
      }
    >
      {own ? <Alert kind="info">{t('rights.own')}</Alert> : null}
      <FormError form={form} testId="rights-error" />
      <h3 className="people-subtitle">{t('rights.roles')}</h3>
      <div className="people-checks">{BASE_ROLES.map(box)}</div>
      <h3 className="people-subtitle">{t('rights.features')}</h3>
      <div className="people-checks">{FEATURE_RIGHTS.map((r) => box(r))}</div>
    </Modal>
  );
}
