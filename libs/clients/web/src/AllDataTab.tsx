import { useState } from 'react';
import { clientsText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Loader, Select } from '@intranet/web-ui';
import { useCourse } from './api/course-get.ts';
import { useCourseList } from './api/course-list.ts';
import { useDesk } from './api/desk-get.ts';
import { useDeskList } from './api/desk-list.ts';
import { useIdp } from './api/idp-get.ts';
import { useIdpList } from './api/idp-list.ts';
import { useLesson } from './api/lesson-get.ts';
import { useLessonList } from './api/lesson-list.ts';
import { useTest } from './api/test-get.ts';
import { useTestList } from './api/test-list.ts';

/** The generic modules (§7 GET api/{module}, GET api/{module}/{id}) the tab browses. */
const MODULES = ['desk', 'course', 'lesson', 'test', 'idp'] as const;
type Module = (typeof MODULES)[number];
/** Modules listed per course (GET api/{module}?course_id): the course is picked first; the list is not paged. */
const PER_COURSE: readonly Module[] = ['lesson', 'test'];
/** Records a page shows. */
const PAGE = 20;

/** A record as the list shows it: its id and a title (a board's name, a course's, lesson's, test's or plan's title). */
interface Row {
  _id: string;
  label: string;
}

/** One module's list page and one opened record through that module's generic calls (`course`: the picked course). */
function useModule(module: Module, workspace: string, page: number, open: string | null, course: string | null) {
  const desks = useDeskList(workspace, page, module === 'desk');
  const courses = useCourseList(workspace, page, module === 'course');
  const lessons = useLessonList(workspace, course, module === 'lesson');
  const tests = useTestList(workspace, course, module === 'test');
  const idps = useIdpList(workspace, page, module === 'idp');
  const records = {
    desk: useDesk(workspace, module === 'desk' ? open : null),
    course: useCourse(workspace, module === 'course' ? open : null),
    lesson: useLesson(workspace, module === 'lesson' ? open : null),
    test: useTest(workspace, module === 'test' ? open : null),
    idp: useIdp(workspace, module === 'idp' ? open : null),
  };
  const lists = { desk: desks, course: courses, lesson: lessons, test: tests, idp: idps };
  const all: Record<Module, Row[] | undefined> = {
    desk: desks.data?.items.map((d) => ({ _id: d._id, label: d.name })),
    course: courses.data?.items.map((c) => ({ _id: c._id, label: c.title })),
    lesson: lessons.data?.items.map((l) => ({ _id: l._id, label: l.title })),
    test: tests.data?.items.map((x) => ({ _id: x._id, label: x.title })),
    idp: idps.data?.items.map((x) => ({ _id: x._id, label: x.title })),
  };
  // A course's lessons and tests come whole: paged here.
  const rows = PER_COURSE.includes(module) ? all[module]?.slice((page - 1) * PAGE, page * PAGE) : all[module];
  return { list: lists[module], rows, total: lists[module].data?.total ?? 0, record: records[module] };
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
  const [course, setCourse] = useState<string | null>(null);
  const perCourse = PER_COURSE.includes(module);
  // The course picker lists the first hundred courses (GET api/course, the limit's maximum).
  const courses = useCourseList(workspace, 1, perCourse, 100);
  const m = useModule(module, workspace, page, open, course);
  const pages = Math.max(1, Math.ceil(m.total / PAGE));
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
      {perCourse ? (
        <Select
          id="all-data-course"
          label={t('allData.course')}
          value={course ?? ''}
          onChange={(e) => {
            setCourse(e.target.value || null);
            setPage(1);
            setOpen(null);
          }}
          options={[{ value: '', label: t('allData.pickCourse') }, ...(courses.data?.items ?? []).map((c) => ({ value: c._id, label: c.title }))]}
          data-testid="all-data-course"
        />
      ) : null}
      {perCourse && !course ? (
        <EmptyState title={t('allData.pickCourse')} />
      ) : m.list.isPending ? (
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
