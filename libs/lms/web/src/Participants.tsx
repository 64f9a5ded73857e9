import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorText } from '@intranet/web-i18n';
import { useUserNames } from '@intranet/web-session/people';
import { Button, EmptyState, ErrorState, Input, Loader, Table, useNotifier } from '@intranet/web-ui';
import { useMembers } from './api/member-list.ts';
import { useSetMembers } from './api/member-set.ts';
import { lmsText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

type Learner = { user_id: string; status: 'not_started' | 'in_progress' | 'learned'; percent: number; score: number | null };

/**
 * Course tab "participants" (§2, LMS administrators): appoint people (the shared person picker) and departments, then
 * each learner's status, progress and mean test score as a table and a recharts bar chart. Test ids: lms-members-users,
 * lms-members-departments, lms-members-save, lms-learners, lms-learner-<user_id>, lms-learners-chart.
 */
export function Participants({ courseId }: { courseId: string }) {
  const { t } = lmsText.useT();
  const notifier = useNotifier();
  const q = useMembers(courseId);
  const save = useSetMembers(courseId);
  const [users, setUsers] = useState<string[]>([]);
  const [departments, setDepartments] = useState('');
  useEffect(() => {
    if (!q.data) return;
    setUsers(q.data.members.users);
    setDepartments(q.data.members.departments.join(', '));
  }, [q.data]);
  const names = useUserNames(q.data?.learners.map((l) => l.user_id) ?? []);
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const appoint = () =>
    save.mutate(
      {
        users,
        departments: departments
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      },
      { onSuccess: () => notifier.toast(t('appointed'), 'success'), onError: (e) => notifier.toast(errorText(e), 'error') },
    );
  const rows = q.data.learners.map((l) => ({ ...l, name: names.get(l.user_id) ?? '…' }));
  return (
    <div className="lms-participants">
      <PeoplePicker value={users} onChange={setUsers} label={t('appointPeople')} testId="lms-members-users" multiple />
      <Input label={t('appointDepartments')} value={departments} onChange={(e) => setDepartments(e.target.value)} data-testid="lms-members-departments" />
      <Button onClick={appoint} loading={save.isPending} data-testid="lms-members-save">
        {t('appoint')}
      </Button>
      <h2>{t('learners')}</h2>
      {rows.length === 0 ? (
        <EmptyState title={t('noLearners')} />
      ) : (
        <>
          <div className="lms-chart" data-testid="lms-learners-chart">
            <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 28 + 40)}>
              <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" domain={[0, 100]} />
                <YAxis type="category" dataKey="name" width={140} />
                <Tooltip />
                <Bar dataKey="percent" name={t('percent')} fill="var(--color-primary, #3b82f6)" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <Table<Learner & { name: string }>
            caption={t('learners')}
            rows={rows}
            rowKey={(r) => r.user_id}
            rowTestId={(r) => `lms-learner-${r.user_id}`}
            columns={[
              { key: 'name', header: t('learner'), render: (r) => <Link to={`/courses/analytics/${r.user_id}`}>{r.name}</Link> },
              { key: 'status', header: t('statusFilter'), render: (r) => t(`my_${r.status}`) },
              { key: 'percent', header: t('percent'), render: (r) => `${r.percent}%`, align: 'right' },
              { key: 'score', header: t('meanScore'), render: (r) => (r.score === null ? '—' : `${r.score}%`), align: 'right' },
            ]}
          />
        </>
      )}
    </div>
  );
}
