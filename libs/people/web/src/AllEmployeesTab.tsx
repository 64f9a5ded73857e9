import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import type { User } from '@intranet/people-contract';
import { useSession } from '@intranet/web-session';
import {
  Badge,
  Button,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Input,
  Pagination,
  Table,
  useNotifier,
  type Column,
  useDebounced,
} from '@intranet/web-ui';
import { EmployeeForm } from './EmployeeForm.tsx';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { ImportModal } from './ImportModal.tsx';
import { peopleKeys, type FilterState, type SortKey } from './api/keys.ts';
import { deleteUser } from './api/user-delete.ts';
import { exportAllUsers } from './api/user-export-all.ts';
import { useEmployees } from './api/user-filter.ts';
import { undeleteUser } from './api/user-undelete.ts';
import { setUserStatus } from './api/user-update.ts';
import { RightsModal } from './RightsModal.tsx';

const PAGE_SIZE = 20;

/**
 * "All employees" tab (§2 employee administration): search, paging, sorting, a toggle for deleted employees,
 * create/edit in a modal, delete with confirmation and restore, block/unblock with confirmation (§4 Employee
 * states), per-employee rights, the CSV import and the Excel export of all employees.
 * Test ids: employees-search, employees-show-deleted, employee-add, employees-import, employees-export, employees-table,
 * employee-row-<email>, employee-edit-<id>, employee-rights-<id>, employee-delete-<id>, employee-restore-<id>,
 * employee-block-<id>, employee-unblock-<id>, employee-block-confirm.
 */
export function AllEmployeesTab({ workspace, clientId }: { workspace: string; clientId?: string }) {
  const { t } = peopleText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { uid, client } = useSession();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [f, setF] = useState<Omit<FilterState, 'search'>>({ page: 1, limit: PAGE_SIZE, sort: 'lastName', order: 'asc', deleted: false });
  const filter: FilterState = { ...f, search: debounced };
  const q = useEmployees(workspace, filter);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [rightsOf, setRightsOf] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [blocking, setBlocking] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  // Not a form (a row's one-click Restore): the row's button shows its busy state; errors go to the error dialog.
  const [restoring, setRestoring] = useState<string | null>(null);

  useEffect(() => setF((s) => ({ ...s, page: 1 })), [debounced]);

  const refresh = () => qc.invalidateQueries({ queryKey: peopleKeys.all });
  const name = (u: User) => u.fullName || `${u.lastName} ${u.firstName}`;

  const remove = async () => {
    if (!deleting) return;
    await deleteUser(deleting._id);
    notifier.toast(t('deleted'));
    setDeleting(null);
    await refresh();
  };

  /** PUT api/user/{id} {status}: blocks an active employee or unblocks a blocked one (errors: the error dialog). */
  const toggleBlock = async () => {
    if (!blocking) return;
    const block = blocking.status !== 'blocked';
    await setUserStatus(blocking._id, block ? 'blocked' : 'active');
    notifier.toast(block ? t('blockedToast') : t('unblockedToast'));
    setBlocking(null);
    await refresh();
  };

  const restore = async (u: User) => {
    setRestoring(u._id);
    try {
      await undeleteUser(u._id);
      notifier.toast(t('restored'));
      await refresh();
    } catch {
      /* shown by the error dialog */
    } finally {
      setRestoring(null);
    }
  };

  const [exporting, setExporting] = useState(false);
  /** POST api/user/export/all/{client} → a signed .xlsx URL, opened as a download (§8 'Excel export failed' as a toast). */
  const exportAll = async () => {
    const id = clientId ?? client?._id;
    if (!id) return;
    setExporting(true);
    try {
      const r = await exportAllUsers(id);
      const a = document.createElement('a');
      a.href = r.url;
      a.download = r.fileName;
      a.click();
    } catch (err) {
      notifier.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const sortBy = (key: string) => setF((s) => ({ ...s, page: 1, sort: key as SortKey, order: s.sort === key && s.order === 'asc' ? 'desc' : 'asc' }));

  const columns: Column<User>[] = [
    { key: 'lastName', header: t('col.name'), sortable: true, render: (u) => <span className="people-name">{name(u)}</span> },
    { key: 'email', header: t('col.email'), sortable: true, render: (u) => u.email },
    { key: 'position', header: t('col.position'), sortable: true, render: (u) => u.position ?? '' },
    { key: 'department', header: t('col.department'), sortable: true, render: (u) => u.department ?? '' },
    {
      key: 'roles',
      header: t('col.roles'),
      render: (u) => (
        <>
          {u.roles.includes('admin') ? <Badge tone="primary">{t('rights.names.admin')}</Badge> : <Badge>{t('rights.names.employee')}</Badge>}
          {u.roles.includes('head') ? (
            <>
              {' '}
              <Badge>{t('rights.names.head')}</Badge>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('col.status'),
      render: (u) => {
        const st = u.deletion_mark ? 'deleted' : u.status;
        return <Badge tone={st === 'active' ? 'success' : 'danger'}>{t(`status.${st}`)}</Badge>;
      },
    },
    {
      key: 'actions',
      header: <span className="ui-visually-hidden">{t('col.actions')}</span>,
      align: 'right',
      render: (u) =>
        u.deletion_mark || u.status === 'deleted' ? (
          <div className="ui-table__actions">
            <Button size="small" variant="secondary" loading={restoring === u._id} onClick={() => void restore(u)} data-testid={`employee-restore-${u._id}`}>
              {t('actions.restore')}
            </Button>
          </div>
        ) : (
          <div className="ui-table__actions">
            <Button size="small" variant="secondary" onClick={() => setEditing(u)} data-testid={`employee-edit-${u._id}`}>
              {t('actions.edit')}
            </Button>
            <Button size="small" variant="secondary" onClick={() => setRightsOf(u)} data-testid={`employee-rights-${u._id}`}>
              {t('actions.rights')}
            </Button>
            {u.status === 'blocked' ? (
              <Button size="small" variant="secondary" onClick={() => setBlocking(u)} data-testid={`employee-unblock-${u._id}`}>
                {t('actions.unblock')}
              </Button>
            ) : (
              <Button
                size="small"
                variant="ghost"
                disabled={u._id === uid || u.roles.includes('admin')}
                onClick={() => setBlocking(u)}
                data-testid={`employee-block-${u._id}`}
              >
                {t('actions.block')}
              </Button>
            )}
            <Button size="small" variant="ghost" disabled={u._id === uid} onClick={() => setDeleting(u)} data-testid={`employee-delete-${u._id}`}>
              {t('actions.delete')}
            </Button>
          </div>
        ),
    },
  ];

  const data = q.data;
  return (
    <div>
      <div className="ui-toolbar">
        <div className="people-search">
          <Input
            id="employees-search"
            label={<span className="ui-visually-hidden">{t('common:search')}</span>}
            type="search"
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="employees-search"
          />
        </div>
        <Checkbox
          label={t('showDeleted')}
          checked={f.deleted}
          onChange={(e) => setF((s) => ({ ...s, page: 1, deleted: e.target.checked }))}
          data-testid="employees-show-deleted"
        />
        <span className="ui-toolbar__spacer" />
        <Button variant="secondary" onClick={() => void exportAll()} loading={exporting} data-testid="employees-export">
          {t('exportExcel')}
        </Button>
        <Button variant="secondary" onClick={() => setImporting(true)} data-testid="employees-import">
          {t('import')}
        </Button>
        <Button onClick={() => setEditing('new')} data-testid="employee-add">
          {t('add')}
        </Button>
      </div>

      {q.isError && !data ? (
        pageLoadKind(q.error) !== 'error' ? (
          <PageLoadError error={q.error} />
        ) : (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="employees-error" />
        )
      ) : (
        <>
          {data ? (
            <p className="people-muted" data-testid="employees-total">
              {t('total', { count: data.total })}
            </p>
          ) : null}
          <Table
            testId="employees-table"
            columns={columns}
            rows={data?.users ?? []}
            rowKey={(u) => u._id}
            rowTestId={(u) => `employee-row-${u.email}`}
            rowMuted={(u) => u.deletion_mark}
            sort={{ key: f.sort, order: f.order }}
            onSort={sortBy}
            loading={q.isPending}
            empty={<EmptyState title={f.deleted ? t('emptyDeleted') : t('empty')} testId="employees-empty" />}
            caption={t('tabs.all')}
          />
          {data && data.total > data.limit ? (
            <Pagination page={f.page} pageSize={f.limit} total={data.total} onChange={(page) => setF((s) => ({ ...s, page }))} testId="employees-pagination" />
          ) : null}
        </>
      )}

      {editing ? (
        <EmployeeForm
          user={editing === 'new' ? null : editing}
          clientId={clientId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifier.toast(editing === 'new' ? t('created') : t('saved'));
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      {rightsOf ? <RightsModal user={rightsOf} onClose={() => setRightsOf(null)} /> : null}
      {importing ? <ImportModal clientId={clientId} onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        message={deleting ? t('deleteConfirm', { name: name(deleting) }) : ''}
        confirmLabel={t('actions.delete')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        testId="employee-delete-confirm"
      />
      <ConfirmDialog
        open={!!blocking}
        message={blocking ? t(blocking.status === 'blocked' ? 'unblockConfirm' : 'blockConfirm', { name: name(blocking) }) : ''}
        confirmLabel={blocking?.status === 'blocked' ? t('actions.unblock') : t('actions.block')}
        danger={blocking?.status !== 'blocked'}
        onConfirm={toggleBlock}
        onCancel={() => setBlocking(null)}
        testId="employee-block-confirm"
      />
    </div>
  );
}
