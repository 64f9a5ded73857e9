import { useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import type { z } from '@intranet/platform-contracts';
import { GROUP_TYPES, groupCreateBody, groupUpdateBody, type Group } from '@intranet/social-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { createGroup } from './api/group-create.ts';
import { updateGroup } from './api/group-update.ts';
import { socialKeys } from './api/keys.ts';

type GroupValues = z.input<typeof groupCreateBody>;

/** Create or edit a group (§5: name ≤ 50, description ≤ 250, type), one `useApiForm` over the contract's body. */
export function GroupForm({ group, onDone }: { group?: Group; onDone: (g: Group) => void }) {
  const { t } = wallText.useT();
  const qc = useQueryClient();
  const form = useApiForm({
    schema: group ? (groupUpdateBody as unknown as typeof groupCreateBody) : groupCreateBody,
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '', type: group?.type ?? 'public' } as GroupValues,
    onSubmit: async (v) => {
      const g = group ? await updateGroup(group._id, v) : await createGroup(v);
      void qc.invalidateQueries({ queryKey: socialKeys.groups() });
      onDone(g);
    },
  });
  return (
    <ApiFormView form={form} errorTestId="group-form-error" data-testid="group-form">
      <FormField form={form} name="name" id="group-name" label={t('groups.form.name')} maxLength={60} />
      <FormField form={form} name="description" id="group-description" label={t('groups.form.description')} rows={3} />
      <FormField
        form={form}
        name="type"
        id="group-type"
        label={t('groups.form.type')}
        choices={GROUP_TYPES.map((ty) => ({ value: ty, label: `${t(`groups.type.${ty}`)} — ${t(`groups.typeHint.${ty}`)}` }))}
      />
      <SubmitRow form={form} label={group ? t('groups.form.save') : t('groups.form.create')} testId="group-submit" />
    </ApiFormView>
  );
}
