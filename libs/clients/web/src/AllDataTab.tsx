import { useState } from 'react';
import { clientsText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Loader, Select } from '@intranet/web-ui';
import { useCourse } from './api/course-get.ts';
import { useCourseList } from './api/course-list.ts';
import { useDesk } from './api/desk-get.ts';
import { useDeskList } from './api/desk-list.ts';

/** The generic modules (§7 GET api/{module}, GET api/{module}/{id}) the tab browses. */
const MODULES = ['desk', 'course'] as const;
type Module = (typeof MODULES)[number];

/** A record as the list shows it: its id and a title (a board's name, a course's title). */
interface Row {
  _id: string;
  label: string;
}

/** One module's list page and one opened record through that module's generic calls. */
function useModule(module: Module, workspace: string, page: number, open: string | null) {
  const desks = useDeskList(workspace, page, module === 'desk');
  const courses = useCourseList(workspace, page, module === 'course');
  const desk = useDesk(workspace, module === 'desk' ? open : null);
  const course = useCourse(workspace, module === 'course' ? open : null);
  const list = module === 'desk' ? desks : courses;
  const rows: Row[] | undefined =
    module === 'desk' ? desks.data?.items.map((d) => ({ _id: d._id, label: d.name })) : courses.data?.items.map((c) => ({ _id: c._id, label: c.title }));
  return { list, rows, total: list.data?.total ?? 0, record: module === 'desk' ? desk : course };
}

/**
 * The admin panel's "all data" tab (§2): each generic module's records of the workspace (§7 GET api/{module}, what
 * the caller may see of it), paged, and one record opened as the server answers it (GET api/{module}/{id}). Read
 * only. Test ids: all-data, all-data-module, all-data-row-<id>, all-data-record.
 */
export function AllDataTab({ workspace }: { workspace: string }) {
  const { t } = clientsText.useT();
  const [module, setModule] = useState<Module>('desk');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const m = useModule(module, workspace, page, open);
  const pages = Math.max(1, Math.ceil(m.total / 20));
  return (
    <div className="ui-card clients-life" data-testid="all-data">
      <Select
        id="all-data-module"
        label={t('allData.module')}
        value={module}
        onChange={(e) => {
          setModule(e.target.value as Module);
          setPage(1);
          setOpen(null);
        }}
        options={MODULES.map((value) => ({ value, label: t(`allData.modules.${value}`) }))}
        data-testid="all-data-module"
      />
      {m.list.isPending ? (
        <Loader />
      ) : m.list.isError ? (
        <ErrorState message={errorText(m.list.error)} onRetry={() => void m.list.refetch()} />
      ) : !m.rows?.length ? (
        <EmptyState title={t('allData.none')} />
      ) : (
        <>
          <p className="clients-muted">{t('allData.total', { count: m.total })}</p>
          <ul>
            {m.rows.map((r) => (
              <li key={r._id}>
                <button type="button" className="clients-back" onClick={() => setOpen(r._id)} data-testid={`all-data-row-${r._id}`}>
                  {r.label}
                </button>{' '}
                <code>{r._id}</code>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <div className="ui-toolbar">
              <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                ←
              </Button>
              <span>{t('allData.page', { page, pages })}</span>
              <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                →
              </Button>
            </div>
          ) : null}
        </>
      )}
      {open ? (
        m.record.isPending ? (
          <Loader />
        ) : m.record.isError ? (
          <ErrorState message={errorText(m.record.error)} onRetry={() => void m.record.refetch()} />
        ) : (
          <pre className="clients-record" data-testid="all-data-record">
            {JSON.stringify(m.record.data, null, 2)}
          </pre>
        )
      ) : null}
    </div>
  );
}
