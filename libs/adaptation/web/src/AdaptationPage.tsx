import { adaptationRoutes } from '@intranet/adaptation-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { useCreateItem } from './api/item-create.ts';
import { useItems } from './api/item-list.ts';
import { useRemoveItem } from './api/item-remove.ts';
import { adaptationText } from './locales.ts';

/**
 * The adaptation page (generated sample screen): the client's items, newest first, each with a delete button, and a
 * form to add one (the contract's schema through `useApiForm`: field errors under the field, in the user's language).
 * Test ids: adaptation-page, adaptation-name, adaptation-add, adaptation-items, adaptation-remove-<id>.
 */
export function AdaptationPage() {
  const { t } = adaptationText.useT();
  const notifier = useNotifier();
  const list = useItems();
  const create = useCreateItem();
  const remove = useRemoveItem();
  const form = useApiForm({
    schema: adaptationRoutes.itemCreate.body,
    defaultValues: { name: '' },
    onSubmit: async (values) => {
      await create.mutateAsync(values);
      form.reset({ name: '' });
    },
  });
  return (
    <section className="page" data-testid="adaptation-page">
      <h1>{t('title')}</h1>
      <ApiFormView form={form} errorTestId="adaptation-error">
        <FormField form={form} name="name" id="adaptation-name" label={t('name')} required />
        <SubmitRow form={form} label={t('add')} testId="adaptation-add" />
      </ApiFormView>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <p>{t('total', { count: list.data.total })}</p>
          <ul data-testid="adaptation-items">
            {list.data.items.map((i) => (
              <li key={i._id}>
                {i.name}{' '}
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => remove.mutate(i._id, { onError: (err) => notifier.toast(errorText(err), 'error') })}
                  data-testid={`adaptation-remove-${i._id}`}
                >
                  {t('remove')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
