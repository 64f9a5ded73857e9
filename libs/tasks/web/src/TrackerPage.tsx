import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { tasksText } from './locales.ts';
import { z } from '@intranet/platform-contracts';
import { deskFieldsSchema, tasksRoutes, type Desk } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { NeedSession, useRealtimeEvent, useSession } from '@intranet/web-session';
import { Badge, Button, EmptyState, Loader, Modal, Pagination } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { LoadError, tasksKeys, useFormatDate, UserPicker, type PickedUser } from './common.tsx';
import './tasks.css';

const TABS = ['mine', 'member', 'tasks', 'finished'] as const;
type Tab = (typeof TABS)[number];

/** §2 /task-tracker/: my boards, boards I am on, my tasks across boards, finished boards; a new board (desk_add). */
export default function TrackerPage() {
  return (
    <NeedSession>
      <Tracker />
    </NeedSession>
  );
}

function Tracker() {
  const { t } = tasksText.useT();
  const [tab, setTab] = useState<Tab>('mine');
  const [creating, setCreating] = useState(false);
  const session = useSession();
  const canAdd = session.hasRight('desk_add');
  const qc = useQueryClient();
  useRealtimeEvent('evt.tasks.desk.changed', () => void qc.invalidateQueries({ queryKey: ['tasks', 'desks'] }));
  return (
    <section className="page tt-page" data-testid="tracker-page">
      <header className="tt-head">
        <h1>{t('title')}</h1>
        {canAdd ? (
          <Button onClick={() => setCreating(true)} data-testid="desk-new">
            {t('newBoard')}
          </Button>
        ) : null}
      </header>
      <Tabs tabs={TABS.map((id) => ({ id, label: t(`tab.${id}`) }))} active={tab} onChange={(id) => setTab(id as Tab)} label={t('title')}>
        {tab === 'tasks' ? <MyTasks /> : <Boards filter={tab} />}
      </Tabs>
      <NewBoard open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

function Boards({ filter }: { filter: 'mine' | 'member' | 'finished' }) {
  const { t } = tasksText.useT();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...tasksKeys.desks(filter), page],
    queryFn: ({ signal }) => call(tasksRoutes.deskList, { query: { filter, page, limit: 24 }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data.items.length) return <EmptyState title={t(`empty.${filter}`)} testId="desks-empty" />;
  return (
    <>
      <ul className="tt-desks" data-testid={`desks-${filter}`}>
        {q.data.items.map((d: Desk) => (
          <li key={d._id} className="tt-desk">
            <Link to={`/desk/${d._id}`} data-testid={`desk-link-${d._id}`}>
              <strong>{d.name}</strong>
            </Link>
            {d.description ? <p className="tt-muted">{d.description}</p> : null}
            <p className="tt-muted">
              {t('lanesCount', { count: d.lanes.length })} · {t('tasksCount', { count: d.tasks_count })}
            </p>
            <p>
              <Badge>{t(`role.${d.my_role}`)}</Badge> {d.status === 'finished' ? <Badge>{t('finishedAt', { date: fmt(d.finished_at) })}</Badge> : null}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={24} total={q.data.total} onChange={setPage} />
    </>
  );
}

function MyTasks() {
  const { t } = tasksText.useT();
  const fmt = useFormatDate();
  const [filter, setFilter] = useState<'mine' | 'observed' | 'created'>('mine');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...tasksKeys.myTasks(filter), page],
    queryFn: ({ signal }) => call(tasksRoutes.taskList, { query: { filter, page, limit: 50 }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <div className="tt-filters" role="group" aria-label={t('filters')}>
        {(['mine', 'observed', 'created'] as const).map((f) => (
          <Button
            key={f}
            variant={f === filter ? 'primary' : 'secondary'}
            size="small"
            onClick={() => setFilter(f)}
            aria-pressed={f === filter}
            data-testid={`my-${f}`}
          >
            {t(`my.${f}`)}
          </Button>
        ))}
      </div>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data.items.length ? (
        <EmptyState title={t('empty.tasks')} testId="my-tasks-empty" />
      ) : (
        <>
          <ul className="tt-mytasks" data-testid="my-tasks">
            {q.data.items.map((x) => (
              <li key={x._id} className={x.overdue ? 'tt-overdue' : undefined}>
                <Link to={`/desk/${x.desk_id}?task=${x._id}`}>{x.name}</Link>
                <span className="tt-muted">
                  {' '}
                  {x.desk_name} · {x.lane_name} · {t(`type.${x.type}`)}
                </span>
                {x.deadline ? (
                  <span className={x.overdue ? 'tt-deadline tt-deadline--late' : 'tt-deadline'}>
                    {x.overdue ? t('overdue') : t('due')} {fmt(x.deadline, true)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={50} total={q.data.total} onChange={setPage} />
        </>
      )}
    </div>
  );
}

/** The new-board form: the contract's board fields, lanes typed one per line. */
const newBoardSchema = z.object({
  name: deskFieldsSchema.shape.name,
  description: deskFieldsSchema.shape.description,
  lanes: z.string().transform((text, ctx) => {
    const r = tasksRoutes.deskCreate.body.shape.lanes.safeParse(
      text
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean),
    );
    if (r.success) return r.data ?? [];
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
    return z.NEVER;
  }),
});

/**
 * New board: name, description, lanes (prefilled To do / In progress / Done in the user's language), admins and
 * members — one `useApiForm`, errors worded under their field (a lane's error under the lanes).
 */
function NewBoard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = tasksText.useT();
  const nav = useNavigate();
  const qc = useQueryClient();
  const [admins, setAdmins] = useState<PickedUser[]>([]);
  const [viewers, setViewers] = useState<PickedUser[]>([]);
  const [commenters, setCommenters] = useState<PickedUser[]>([]);
  const form = useApiForm({
    schema: newBoardSchema,
    defaultValues: { name: '', description: '', lanes: [t('defaultLanes.todo'), t('defaultLanes.doing'), t('defaultLanes.done')].join('\n') },
    serverField: (f) => (f === 'name' || f === 'description' ? f : f === 'lanes' || f.startsWith('lanes.') ? 'lanes' : null),
    onSubmit: async (v) => {
      const d = await call(tasksRoutes.deskCreate, {
        body: {
          ...v,
          admins: admins.map((a) => a._id),
          members: [...commenters.map((u) => ({ user: u._id, right: 'comment' as const })), ...viewers.map((u) => ({ user: u._id, right: 'view' as const }))],
        },
        silent: true,
      });
      void qc.invalidateQueries({ queryKey: tasksKeys.all });
      onClose();
      void nav(`/desk/${d._id}`);
    },
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!form.busy}
      title={t('newBoard')}
      testId="desk-form"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="desk-form-edit" loading={form.busy} data-testid="desk-form-submit">
            {t('create')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="desk-form-edit" errorTestId="desk-form-error">
        <FormField form={form} name="name" id="desk-form-name" label={t('name')} wide />
        <FormField form={form} name="description" id="desk-form-description" label={t('description')} rows={2} wide />
        <FormField form={form} name="lanes" id="desk-form-lanes" label={t('lanesOnePerLine')} rows={4} wide />
      </ApiFormView>
      <UserPicker label={t('admins')} value={admins} onChange={setAdmins} testId="desk-form-admins" />
      <UserPicker label={t('commenters')} value={commenters} onChange={setCommenters} testId="desk-form-commenters" />
      <UserPicker label={t('viewers')} value={viewers} onChange={setViewers} testId="desk-form-viewers" />
    </Modal>
  );
}
