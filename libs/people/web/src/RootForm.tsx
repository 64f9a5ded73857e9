import { peopleOrgText } from './locales.ts';
import { structureRoutes, type DepartmentKind } from '@intranet/people-contract/structure';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button } from '@intranet/web-ui';
import { createDepartment } from './api/structure-create.ts';

/** The root form's field: the name of POST /api/structure (§5 Department); kind and client come from the page. */
const rootSchema = structureRoutes.structureCreate.body.pick({ name: true });

/**
 * The first (top) department of a kind: one `useApiForm` over the contract's name rule (§5 limits before sending and
 * from the server, in the user's language). Test ids: structure-root-name, structure-root-submit, structure-root-error.
 */
export function RootForm({ kind, clientId, onDone }: { kind: DepartmentKind; clientId: string; onDone: () => unknown }) {
  const { t } = peopleOrgText.useT();
  const form = useApiForm({
    schema: rootSchema,
    defaultValues: { name: '' },
    onSubmit: async ({ name }) => {
      await createDepartment({ kind, name, client_id: clientId });
      form.reset({ name: '' });
      await onDone();
    },
  });
  return (
    <ApiFormView form={form} className="org-inline-form" errorTestId="structure-root-error">
      <FormField form={form} name="name" id="structure-root-name" label={t('structure.rootName')} required />
      <Button type="submit" loading={form.busy} data-testid="structure-root-submit">
        {t('structure.createRoot')}
      </Button>
    </ApiFormView>
  );
}
