import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '@intranet/web-i18n';
import { EmptyState, ErrorState, Loader, useDebounced } from '@intranet/web-ui';
import { useCourses } from './api/course-list.ts';
import { lmsText } from './locales.ts';

const STATUSES = ['draft', 'appointed', 'published', 'archived'] as const;
type Status = (typeof STATUSES)[number];

/**
 * /courses (§2 learning): my courses, or the catalogue for LMS administrators, with search and a status filter; an
 * LMS administrator finds the links to /courses/new, analytics and settings here. Test ids: lms-courses, lms-search,
 * lms-status, lms-new-course-link, lms-analytics-link, lms-settings-link, lms-course-<id>.
 */
export function CoursesPage() {
  const { t } = lmsText.useT();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const q = useDebounced(search, 300);
  const list = useCourses({ ...(q.trim() && { search: q.trim() }), ...(status && { status }) });
  return (
    <section className="page" data-testid="lms-courses">
      <h1>{t('title')}</h1>
      <div className="lms-filters">
        <label>
          {t('search')} <input className="ui-input" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="lms-search" />
        </label>
        <label>
          {t('statusFilter')}{' '}
          <select className="ui-input" value={status} onChange={(e) => setStatus(e.target.value as Status | '')} data-testid="lms-status">
            <option value="">{t('allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status_${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.data?.can_manage && (
        <nav className="lms-new" aria-label={t('manage')}>
          <Link className="ui-btn ui-btn--small" to="/courses/new" data-testid="lms-new-course-link">
            {t('newCourse')}
          </Link>{' '}
          <Link to="/courses/analytics" data-testid="lms-analytics-link">
            {t('analytics')}
          </Link>{' '}
          <Link to="/courses/settings" data-testid="lms-settings-link">
            {t('settings')}
          </Link>
        </nav>
      )}
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <p>{t('courses', { count: list.data.total })}</p>
          <ul className="lms-list">
            {list.data.items.map((c) => (
              <li key={c._id}>
                <Link to={`/courses/${c._id}`} data-testid={`lms-course-${c._id}`}>
                  {c.title}
                </Link>{' '}
                <span>{c.can_manage ? t(`status_${c.status}`) : c.my_status ? t(`my_${c.my_status}`) : ''}</span>
                {c.short_description && <p>{c.short_description}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
