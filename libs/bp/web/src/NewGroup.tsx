import { bpRoutes } from '@intranet/bp-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, Input } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useCreateGroup } from './api/group-create.ts';

/** An administrator adds a service group (POST api/service_group; §5 name required). Test id: bp-new-group. */
export function NewGroup() {
  const { t } = bpText.useT();
  const create = useCreateGroup();
  const form = useApiForm({
    schema: bpRoutes.groupCreate.body,
    defaultValues: { name: '' },
    onSubmit: async (v) => {
      await create.mutateAsync(v.name);
      form.reset({ name: '' });
    },
  });
  return (
    <ApiFormView form={form} className="bp-inline-form" data-testid="bp-new-group">
      <Input id="bp-group-name" label={t('groupName')} {...form.field('name')} />
      <Button type="submit" size="small" disabled={form.busy}>
        {t('addGroup')}
      </Button>
    </ApiFormView>
  );
}
