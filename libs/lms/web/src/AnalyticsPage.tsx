import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorText, formatDate } from '@intranet/web-i18n';
import { useCurrentClient } from '@intranet/web-session';
import { useUserNames } from '@intranet/web-session/people';
import { Button, EmptyState, ErrorState, Loader, Table, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useCourseAnalytics } from './api/course-analytics.ts';
import { exportExcel } from './excel.ts';
import { lmsText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

/**
 * /courses/analytics (§2 course analytics, tabs general and students; LMS administrators): per course its learners
 * by status as a stacked recharts bar chart and a table; the students tab opens one learner. Test ids:
 * lms-analytics, lms-analytics-chart, lms-analytics-excel (the table as .xlsx), lms-analytics-<course_id> (data-learned),
 * lms-student-pick.
 */
export function AnalyticsPage() {
  const { t } = lmsText.useT();
  const client = useCurrentClient();
  const q = useCourseAnalytics(client?._id ?? '');
  const [tab, setTab] = useState('general');
  const [student, setStudent] = useState<string[]>([]);
  const notifier = useNotifier();
  const toExcel = () =>
    exportExcel(
      t('analytics'),
      [t('courseTitle'), t('statusFilter'), t('learners'), t('my_not_started'), t('my_in_progress'), t('my_learned')],
      (q.data?.courses ?? []).map((r) => [r.title, t(`status_${r.status}`), r.learners, r.not_started, r.in_progress, r.learned]),
    ).catch((e: unknown) => notifier.toast(errorText(e), 'error'));
  return (
    <section className="page" data-testid="lms-analytics">
      <Link to="/courses">{t('back')}</Link>
      <h1>{t('analytics')}</h1>
      <Tabs
        label={t('analytics')}
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'general', label: t('tabGeneral') },
          { id: 'students', label: t('tabStudents') },
        ]}
      >
        {tab === 'students' ? (
          <>
            <PeoplePicker value={student} onChange={setStudent} label={t('learner')} testId="lms-student-pick" />
            {student[0] && <StudentProgress userId={student[0]} />}
          </>
        ) : q.isPending ? (
          <Loader />
        ) : q.isError ? (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        ) : q.data.courses.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <>
            <Button size="small" variant="secondary" onClick={() => void toExcel()} data-testid="lms-analytics-excel">
              {t('excel')}
            </Button>
            <div className="lms-chart" data-testid="lms-analytics-chart">
              <ResponsiveContainer width="100%" height={Math.max(200, q.data.courses.length * 32 + 60)}>
                <BarChart data={q.data.courses} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="title" width={160} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="not_started" stackId="s" name={t('my_not_started')} fill="#94a3b8" />
                  <Bar dataKey="in_progress" stackId="s" name={t('my_in_progress')} fill="#f59e0b" />
                  <Bar dataKey="learned" stackId="s" name={t('my_learned')} fill="#22c55e" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <Table
              caption={t('analytics')}
              rows={q.data.courses}
              rowKey={(r) => r.course_id}
              rowTestId={(r) => `lms-analytics-${r.course_id}`}
              rowAttrs={(r) => ({ 'data-learned': String(r.learned) })}
              columns={[
                { key: 'title', header: t('courseTitle'), render: (r) => <Link to={`/courses/${r.course_id}`}>{r.title}</Link> },
                { key: 'status', header: t('statusFilter'), render: (r) => t(`status_${r.status}`) },
                { key: 'learners', header: t('learners'), render: (r) => r.learners, align: 'right' },
                { key: 'in_progress', header: t('my_in_progress'), render: (r) => r.in_progress, align: 'right' },
                { key: 'learned', header: t('my_learned'), render: (r) => r.learned, align: 'right' },
              ]}
            />
          </>
        )}
      </Tabs>
    </section>
  );
}

/** One learner's progress in each course (GET api/courses/analytics/{client_id}?user_id). Test id: lms-student. */
function StudentProgress({ userId }: { userId: string }) {
  const { t } = lmsText.useT();
  const client = useCurrentClient();
  const q = useCourseAnalytics(client?._id ?? '', userId);
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const rows = q.data.user ?? [];
  if (!rows.length) return <EmptyState title={t('noCoursesOfLearner')} />;
  return (
    <Table
      caption={t('learner')}
      rows={rows}
      rowKey={(r) => r.course_id}
      rowTestId={(r) => `lms-student-${r.course_id}`}
      columns={[
        { key: 'title', header: t('courseTitle'), render: (r) => <Link to={`/courses/${r.course_id}`}>{r.title}</Link> },
        { key: 'status', header: t('statusFilter'), render: (r) => t(`my_${r.status}`) },
        { key: 'percent', header: t('percent'), render: (r) => `${r.percent}%`, align: 'right' },
        {
          key: 'tests',
          header: t('tests'),
          render: (r) => r.tests.map((x) => `${x.title}: ${x.score === null ? '—' : `${x.score}%`} (${x.attempts})`).join('; '),
        },
        { key: 'learned_at', header: t('learnedAt'), render: (r) => (r.learned_at ? formatDate(r.learned_at) : '—') },
      ]}
    />
  );
}

/** /courses/analytics/{user_id} (§2 course analytics, one student). Test id: lms-student-page. */
export function StudentAnalyticsPage() {
  const { user_id = '' } = useParams();
  const { t } = lmsText.useT();
  const names = useUserNames([user_id]);
  return (
    <section className="page" data-testid="lms-student-page">
      <Link to="/courses/analytics">{t('analytics')}</Link>
      <h1>{names.get(user_id) ?? '…'}</h1>
      <StudentProgress userId={user_id} />
    </section>
  );
}
