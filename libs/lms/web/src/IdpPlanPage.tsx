import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Idp } from '@intranet/lms-contract';
import { errorText, formatDate, formatDateTime } from '@intranet/web-i18n';
import { useCurrentUser, useSession } from '@intranet/web-session';
import { useUserNames } from '@intranet/web-session/people';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Input, Loader, TextArea, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { deleteIdp } from './api/idp-delete.ts';
import { useFinishIdpTask } from './api/idp-finish-task.ts';
import { idpGetQueryOptions, useIdp } from './api/idp-get.ts';
import { useUpdateIdp } from './api/idp-update.ts';
import { lmsText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

const ACTIONS = ['created', 'updated', 'note', 'finished', 'reopened', 'task_done'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * /idp/{id} (§2 development plan, tabs tasks, notes, change log): the employee, creator and observer (the creator or
 * an administrator changes the observer), tasks done one by one (the last one finishes the plan), notes, the change
 * log; delete after a confirmation. Test ids: lms-idp-plan (data-status), lms-idp-done-<i>, lms-idp-note,
 * lms-idp-note-add, lms-idp-notes, lms-idp-history, lms-idp-observer-pick, lms-idp-delete.
 */
export function IdpPlanPage() {
  const { id = '' } = useParams();
  const { t } = lmsText.useT();
  const q = useIdp(id);
  const [tab, setTab] = useState('tasks');
  const p = q.data;
  const names = useUserNames(p ? [p.employee, p.creator, p.observer, ...p.notes.map((n) => n.author), ...p.history.map((h) => h.by)] : []);
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const name = (u: string | null) => (u ? (names.get(u) ?? '…') : '—');
  return (
    <section className="page" data-testid="lms-idp-plan" data-status={p!.status}>
      <Link to="/idp">{t('idpTitle')}</Link>
      <h1>{p!.title}</h1>
      <Badge tone={p!.status === 'finished' ? 'success' : 'primary'}>{t(`idp_${p!.status}`)}</Badge>
      {p!.message && <p>{p!.message}</p>}
      <dl className="lms-idp-people">
        <dt>{t('employee')}</dt>
        <dd>{name(p!.employee)}</dd>
        <dt>{t('creator')}</dt>
        <dd>{name(p!.creator)}</dd>
        <dt>{t('observer')}</dt>
        <dd>{name(p!.observer)}</dd>
      </dl>
      <PlanActions plan={p!} />
      <Tabs
        label={t('idpTitle')}
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'tasks', label: t('tasks') },
          { id: 'notes', label: t('notes') },
          { id: 'history', label: t('history') },
        ]}
      >
        {tab === 'tasks' ? (
          <Tasks plan={p!} />
        ) : tab === 'notes' ? (
          <Notes plan={p!} name={name} />
        ) : p!.history.length === 0 ? (
          <EmptyState title={t('noHistory')} />
        ) : (
          <ol data-testid="lms-idp-history">
            {[...p!.history].reverse().map((h, i) => (
              <li key={i}>
                {formatDateTime(h.at)} · {name(h.by)} · {ACTIONS.includes(h.action as Action) ? t(`action_${h.action as Action}`) : h.action} {h.detail}
              </li>
            ))}
          </ol>
        )}
      </Tabs>
    </section>
  );
}

/** The tasks; a task not done can be marked done (POST api/idp/finish_task answers the tasks and the history). */
function Tasks({ plan }: { plan: Idp }) {
  const { t } = lmsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const finish = useFinishIdpTask();
  const update = useUpdateIdp(plan._id);
  const me = useCurrentUser();
  const { isAdmin } = useSession();
  const [title, setTitle] = useState('');
  const canEdit = plan.status === 'active' && (isAdmin || me?._id === plan.creator || me?._id === plan.employee);
  const add = () =>
    update.mutate(
      { tasks: [...plan.tasks, { title: title.trim(), deadline: null, done: false }] },
      { onSuccess: () => setTitle(''), onError: (e) => notifier.toast(errorText(e), 'error') },
    );
  const adder = canEdit && (
    <div className="lms-idp-add">
      <Input label={t('taskTitle')} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} data-testid="lms-idp-new-task" />
      <Button size="small" onClick={add} disabled={!title.trim()} loading={update.isPending} data-testid="lms-idp-new-task-add">
        {t('addTask')}
      </Button>
    </div>
  );
  if (!plan.tasks.length)
    return (
      <>
        <EmptyState title={t('noTasks')} />
        {adder}
      </>
    );
  const done = (taskId: string) =>
    finish.mutate(
      { idpId: plan._id, taskId },
      {
        onSuccess: (r) => qc.setQueryData(idpGetQueryOptions(plan._id).queryKey, { ...plan, ...r }),
        onError: (e) => notifier.toast(errorText(e), 'error'),
      },
    );
  return (
    <>
      <ul className="lms-idp-tasks">
        {plan.tasks.map((task, i) => (
          <li key={task._id}>
            {task.title} {task.deadline ? `· ${formatDate(task.deadline)}` : ''}{' '}
            {task.done ? (
              <Badge tone="success">{t('done')}</Badge>
            ) : (
              <Button size="small" onClick={() => done(task._id)} data-testid={`lms-idp-done-${i}`}>
                {t('markDone')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {adder}
    </>
  );
}

/** The notes and a field to add one (PUT api/idp/{id} { note }). */
function Notes({ plan, name }: { plan: Idp; name: (u: string) => string }) {
  const { t } = lmsText.useT();
  const notifier = useNotifier();
  const update = useUpdateIdp(plan._id);
  const [text, setText] = useState('');
  const add = () => update.mutate({ note: text.trim() }, { onSuccess: () => setText(''), onError: (e) => notifier.toast(errorText(e), 'error') });
  return (
    <div>
      {plan.notes.length === 0 ? (
        <EmptyState title={t('noNotes')} />
      ) : (
        <ul data-testid="lms-idp-notes">
          {plan.notes.map((n) => (
            <li key={n._id}>
              <strong>{name(n.author)}</strong> · {formatDateTime(n.at)}
              <p>{n.text}</p>
            </li>
          ))}
        </ul>
      )}
      <TextArea label={t('note')} value={text} maxLength={5000} onChange={(e) => setText(e.target.value)} data-testid="lms-idp-note" />
      <Button onClick={add} disabled={!text.trim()} loading={update.isPending} data-testid="lms-idp-note-add">
        {t('addNote')}
      </Button>
    </div>
  );
}

/** The observer (creator, administrators) and deleting the plan after a confirmation. */
function PlanActions({ plan }: { plan: Idp }) {
  const { t } = lmsText.useT();
  const me = useCurrentUser();
  const { isAdmin } = useSession();
  const nav = useNavigate();
  const notifier = useNotifier();
  const update = useUpdateIdp(plan._id);
  const [ask, setAsk] = useState(false);
  if (me?._id !== plan.creator && !isAdmin) return null;
  const remove = async () => {
    try {
      await deleteIdp(plan._id);
      void nav('/idp');
    } catch (e) {
      setAsk(false);
      notifier.toast(errorText(e), 'error');
    }
  };
  return (
    <div className="lms-actions">
      <PeoplePicker
        value={plan.observer ? [plan.observer] : []}
        onChange={(v) => update.mutate({ observer: v[0] ?? null }, { onError: (e) => notifier.toast(errorText(e), 'error') })}
        label={t('changeObserver')}
        testId="lms-idp-observer-pick"
      />
      <Button size="small" variant="danger" onClick={() => setAsk(true)} data-testid="lms-idp-delete">
        {t('delete')}
      </Button>
      <ConfirmDialog
        open={ask}
        title={t('delete')}
        message={t('deleteIdpConfirm', { name: plan.title })}
        confirmLabel={t('delete')}
        danger
        onConfirm={remove}
        onCancel={() => setAsk(false)}
        testId="lms-confirm"
      />
    </div>
  );
}
