import { useState } from 'react';
import { achievementBody } from '@intranet/shop-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Button, ConfirmDialog, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { useAchievementCreate } from './api/achievement-create.ts';
import { useAchievementDelete } from './api/achievement-delete.ts';
import { useAchievements } from './api/achievement-list.ts';
import { shopText } from './locales.ts';

/** The achievements tab (managers): create, list, delete with confirmation. */
export function AchievementsTab({ client }: { client: string }) {
  const { t } = shopText.useT();
  const notifier = useNotifier();
  const list = useAchievements(client);
  const create = useAchievementCreate();
  const del = useAchievementDelete();
  const [ask, setAsk] = useState<string | null>(null);
  const form = useApiForm({
    schema: achievementBody,
    defaultValues: { name: '', description: '', pic: null },
    onSubmit: async (v) => {
      await create.mutateAsync({ ...v, client });
      form.reset();
    },
  });
  return (
    <div data-testid="shop-achievements">
      <ApiFormView form={form} errorTestId="shop-ach-error">
        <FormField form={form} name="name" id="shop-ach-name" label={t('item.name')} required />
        <FormField form={form} name="description" id="shop-ach-description" label={t('description')} />
        <SubmitRow form={form} label={t('item.add')} testId="shop-ach-add" />
      </ApiFormView>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul>
          {list.data.map((a) => (
            <li key={a._id}>
              {a.name}{' '}
              <Button size="small" variant="secondary" onClick={() => setAsk(a._id)}>
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!ask}
        danger
        message={t('confirmDelete')}
        onCancel={() => setAsk(null)}
        onConfirm={async () => {
          await del.mutateAsync(ask!).catch((err: unknown) => notifier.toast(errorText(err), 'error'));
          setAsk(null);
        }}
      />
    </div>
  );
}
