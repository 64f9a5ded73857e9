import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { call, isApiError } from '@intranet/web-api';
import { useErrorText } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Input, Loader } from '@intranet/web-ui';
import { registerNotificationsTranslations } from './i18n.ts';

/** The notifications page: the client's items (newest first) and a form to add one (generated sample screen). */
export function NotificationsPage() {
  registerNotificationsTranslations();
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: ['notifications', 'items'], queryFn: ({ signal }) => call(notificationsRoutes.list, { query: {}, signal, silent: true }) });
  const create = useMutation({
    mutationFn: (n: string) => call(notificationsRoutes.create, { body: { name: n }, silent: true }),
    onSuccess: () => {
      setName('');
      void qc.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name);
  };
  return (
    <section className="page" data-testid="notifications-page">
      <h1>{t('title')}</h1>
      <form onSubmit={submit}>
        <Input label={t('name')} value={name} onChange={(e) => setName(e.target.value)} data-testid="notifications-name" />
        <Button type="submit" disabled={create.isPending}>
          {t('add')}
        </Button>
        {isApiError(create.error) ? <p role="alert">{errorText(create.error)}</p> : null}
      </form>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul data-testid="notifications-items">
          {list.data.items.map((i) => (
            <li key={i._id}>{i.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
