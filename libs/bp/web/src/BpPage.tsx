import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call, isApiError } from '@intranet/web-api';
import { useErrorText } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Input, Loader } from '@intranet/web-ui';
import { registerBpTranslations } from './i18n.ts';

/** The bp page: the client's items (newest first) and a form to add one (generated sample screen). */
export function BpPage() {
  registerBpTranslations();
  const { t } = useTranslation('bp');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: ['bp', 'items'], queryFn: ({ signal }) => call(bpRoutes.list, { query: {}, signal, silent: true }) });
  const create = useMutation({
    mutationFn: (n: string) => call(bpRoutes.create, { body: { name: n }, silent: true }),
    onSuccess: () => {
      setName('');
      void qc.invalidateQueries({ queryKey: ['bp'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name);
  };
  return (
    <section className="page" data-testid="bp-page">
      <h1>{t('title')}</h1>
      <form onSubmit={submit}>
        <Input label={t('name')} value={name} onChange={(e) => setName(e.target.value)} data-testid="bp-name" />
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
        <ul data-testid="bp-items">
          {list.data.items.map((i) => (
            <li key={i._id}>{i.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
