import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clientsText } from './locales.ts';
import type { Client } from '@intranet/clients-contract';
import { useSession } from '@intranet/web-session';
import { Badge, Button, EmptyState, ErrorState, Input, Table, useNotifier, type Column, useDebounced } from '@intranet/web-ui';
import { ClientDetail } from './ClientDetail.tsx';
import { CreateClientModal } from './CreateClientModal.tsx';
import { ExportAllButton } from './ExportAllButton.tsx';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { useClients } from './api/client-list.ts';
import './clients.css';

type Row = Client & { employeeCount: number };

/**
 * /clients (§2, superadmin only): the list of clients (GET /api/clients), creating a client with its
 * administrator, and one client's screen (`?client=<id>`). Test ids: clients-page, clients-search,
 * client-create-open, clients-table, client-row-<workspace>, client-open-<workspace>, client-employees-<workspace>.
 */
export default function ClientsPage() {
  const { t } = clientsText.useT();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const { selectClient } = useSession();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const q = useClients(debounced);
  const openId = params.get('client');

  const open = (id: string | null) => setParams(id ? { client: id } : {});

  if (openId) return <ClientDetail id={openId} onBack={() => open(null)} />;

  const columns: Column<Row>[] = [
    { key: 'workspace', header: t('col.workspace'), render: (c) => <code>{c.workspace}</code> },
    { key: 'name', header: t('col.name'), render: (c) => <span className="clients-name">{c.name}</span> },
    { key: 'lang', header: t('col.lang'), render: (c) => c.lang.toUpperCase() },
    { key: 'status', header: t('col.status'), render: (c) => <Badge tone={c.status === 'active' ? 'success' : 'danger'}>{t(`status.${c.status}`)}</Badge> },
    { key: 'employees', header: t('col.employees'), align: 'right', render: (c) => c.employeeCount },
    { key: 'created', header: t('col.created'), render: (c) => (c.created ? new Date(c.created).toLocaleDateString() : '') },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (c) => (
        <div className="ui-table__actions">
          <Button
            size="small"
            variant="secondary"
            onClick={() => {
              selectClient({ _id: c._id, workspace: c.workspace, name: c.name });
              navigate('/employees/');
            }}
            data-testid={`client-employees-${c.workspace}`}
          >
            {t('employees')}
          </Button>
          <Button size="small" onClick={() => open(c._id)} data-testid={`client-open-${c.workspace}`}>
            {t('open')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section data-testid="clients-page">
      <h1 className="ui-page-title">{t('title')}</h1>
      <div className="ui-toolbar">
        <div className="clients-search">
          <Input
            id="clients-search"
            label={<span className="ui-visually-hidden">{t('common:search')}</span>}
            type="search"
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="clients-search"
          />
        </div>
        <span className="ui-toolbar__spacer" />
        <ExportAllButton />
        <Button onClick={() => setCreating(true)} data-testid="client-create-open">
          {t('create')}
        </Button>
      </div>
      {q.isError && !q.data ? (
        pageLoadKind(q.error) !== 'error' ? (
          <PageLoadError error={q.error} />
        ) : (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="clients-error" />
        )
      ) : (
        <>
          {q.data ? (
            <p className="clients-muted" data-testid="clients-total">
              {t('count', { count: q.data.length })}
            </p>
          ) : null}
          <Table
            testId="clients-table"
            columns={columns}
            rows={(q.data ?? []) as Row[]}
            rowKey={(c) => c._id}
            rowTestId={(c) => `client-row-${c.workspace}`}
            rowAttrs={(c) => ({ 'data-status': c.status })}
            loading={q.isPending}
            empty={<EmptyState title={t('empty')} testId="clients-empty" />}
            caption={t('title')}
          />
        </>
      )}
      {creating ? (
        <CreateClientModal
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            notifier.toast(t('form.created', { name: c.name }));
          }}
        />
      ) : null}
    </section>
  );
}
