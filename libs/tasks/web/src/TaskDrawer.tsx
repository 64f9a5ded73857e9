import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fileRoutes } from '@intranet/files-contract';
import { PRIORITIES, TASK_TYPES, tasksRoutes, type Board, type Task } from '@intranet/tasks-contract';
import { call, upload } from '@intranet/web-api';
import { Alert, Button, Checkbox, ConfirmDialog, Input, Loader, Modal, ProgressBar, Select, TextArea } from '@intranet/web-ui';
import { errorText, LoadError, tasksKeys, useFormatDate, useFormatNumber, UserPicker, type PickedUser } from './common.tsx';
import { TaskComments } from './TaskComments.tsx';

type Draft = {
  name: string;
  description: string;
  color: string;
  border: string;
  priority: Task['priority'];
  type: Task['type'];
  tags: string;
  checklist: { _id?: string; text: string; done: boolean }[];
  attachments: Task['attachments'];
  plan_hours: string;
  actual_hours: string;
  performer: PickedUser[];
  co_performers: PickedUser[];
  observers: PickedUser[];
  deadline: string;
};

const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The task drawer (§3 Task, every field): name, description, colour and border, priority, type, tags, checklist,
 * attachments (POST api/upload), plan and actual hours, performer, co-performers, observers, deadline; move to a lane
 * (the keyboard-free alternative to dragging); delete with confirmation. Editors change everything, performer and
 * co-performers the type, checklist and actual hours, others read.
 */
export function TaskDrawer({ taskId, board, names, onClose }: { taskId: string; board: Board; names: Map<string, string>; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const q = useQuery({
    queryKey: tasksKeys.task(taskId),
    queryFn: ({ signal }) => call(tasksRoutes.taskGet, { params: { id: taskId }, signal, silent: true }),
  });
  return (
    <Modal open onClose={onClose} title={q.data?.name ?? t('task')} width={720} testId="task-drawer">
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <LoadError error={q.error} />
      ) : (
        <TaskForm key={q.data.updated_at} task={q.data} board={board} names={names} onClose={onClose} />
      )}
    </Modal>
  );
}

function TaskForm({ task, board, names, onClose }: { task: Task; board: Board; names: Map<string, string>; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const qc = useQueryClient();
  const fmt = useFormatDate();
  const num = useFormatNumber();
  const edit = task.can === 'edit';
  const progress = task.can === 'progress' || edit;
  const person = (id: string | null): PickedUser[] => (id ? [{ _id: id, name: names.get(id) ?? id }] : []);
  const [d, setD] = useState<Draft>(() => ({
    name: task.name,
    description: task.description,
    color: task.color ?? '',
    border: task.border ?? '',
    priority: task.priority,
    type: task.type,
    tags: task.tags.join(', '),
    checklist: task.checklist,
    attachments: task.attachments,
    plan_hours: task.plan_hours === null ? '' : String(task.plan_hours),
    actual_hours: task.actual_hours === null ? '' : String(task.actual_hours),
    performer: person(task.performer),
    co_performers: task.co_performers.flatMap(person),
    observers: task.observers.flatMap(person),
    deadline: toLocalInput(task.deadline),
  }));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveTo, setMoveTo] = useState(task.lane_id);
  const [newItem, setNewItem] = useState('');
  useEffect(() => setMoveTo(task.lane_id), [task.lane_id]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const fieldError = (f: string) => {
    const e = error as { fields?: { field: string }[] } | null;
    const fe = e?.fields?.find((x) => x.field === f || x.field.startsWith(`${f}.`));
    return fe ? errorText({ ...(error as object), fields: [fe] }) : undefined;
  };
  const hours = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

  const save = async () => {
    setBusy(true);
    setError(null);
    const progressBody = { type: d.type, checklist: d.checklist, actual_hours: hours(d.actual_hours) };
    const body = edit
      ? {
          ...progressBody,
          name: d.name,
          description: d.description,
          color: d.color || null,
          border: d.border || null,
          priority: d.priority,
          tags: d.tags
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          attachments: d.attachments,
          plan_hours: hours(d.plan_hours),
          performer: d.performer[0]?._id ?? null,
          co_performers: d.co_performers.map((p) => p._id),
          observers: d.observers.map((p) => p._id),
          deadline: d.deadline ? new Date(d.deadline).toISOString() : null,
        }
      : progressBody;
    try {
      await call(tasksRoutes.taskUpdate, { params: { id: task._id }, body, silent: true });
      await qc.invalidateQueries({ queryKey: tasksKeys.all });
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const move = async () => {
    try {
      await call(tasksRoutes.moveTask, { params: { desk_id: board._id }, body: { task_id: task._id, lane_id: moveTo, index: 0 }, silent: true });
      await qc.invalidateQueries({ queryKey: tasksKeys.all });
    } catch (e) {
      setError(e);
    }
  };
  const remove = async () => {
    await call(tasksRoutes.taskDelete, { params: { id: task._id }, silent: true });
    await qc.invalidateQueries({ queryKey: tasksKeys.board(board._id) });
    onClose();
  };
  const attach = async (files: FileList | null) => {
    if (!files?.length) return;
    const fd = new FormData();
    for (const f of files) fd.append('file', f, f.name);
    setUploading(0);
    try {
      const r = await upload(fileRoutes.upload, fd, (p) => setUploading(p.percent), { query: { kind: 'file' }, silent: true });
      set('attachments', [...d.attachments, ...r.results.map((f) => ({ url: f.url, thumb: f.thumb, mime: f.mimetype, name: f.fileName }))]);
    } catch (e) {
      setError(e);
    } finally {
      setTimeout(() => setUploading(null), 1500);
    }
  };

  const ro = !edit;
  return (
    <div className="tt-drawer" data-testid="task-form">
      {error && !fieldError('name') ? <Alert>{errorText(error)}</Alert> : null}
      {task.overdue ? <Alert kind="info">{t('overdueSince', { date: fmt(task.deadline, true) })}</Alert> : null}
      <div className="tt-grid">
        <Input
          label={t('name')}
          value={d.name}
          onChange={(e) => set('name', e.target.value)}
          readOnly={ro}
          error={fieldError('name')}
          wide
          data-testid="task-name"
        />
        <TextArea label={t('description')} value={d.description} onChange={(e) => set('description', e.target.value)} readOnly={ro} rows={3} wide />
        <Select
          label={t('type.label')}
          value={d.type}
          onChange={(e) => set('type', e.target.value as Task['type'])}
          disabled={!progress}
          options={TASK_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
          data-testid="task-type"
        />
        <Select
          label={t('priority')}
          value={d.priority}
          onChange={(e) => set('priority', e.target.value as Task['priority'])}
          disabled={ro}
          options={PRIORITIES.map((x) => ({ value: x, label: t(`prio.${x}`) }))}
        />
        <Input
          label={t('colour')}
          type="color"
          value={d.color || '#ffffff'}
          onChange={(e) => set('color', e.target.value)}
          disabled={ro}
          error={fieldError('color')}
        />
        <Input
          label={t('border')}
          type="color"
          value={d.border || '#cccccc'}
          onChange={(e) => set('border', e.target.value)}
          disabled={ro}
          error={fieldError('border')}
        />
        <Input label={t('tagsComma')} value={d.tags} onChange={(e) => set('tags', e.target.value)} readOnly={ro} error={fieldError('tags')} />
        <Input
          label={t('deadline')}
          type="datetime-local"
          value={d.deadline}
          onChange={(e) => set('deadline', e.target.value)}
          readOnly={ro}
          error={fieldError('deadline')}
        />
        <Input
          label={t('planHours')}
          inputMode="decimal"
          value={d.plan_hours}
          onChange={(e) => set('plan_hours', e.target.value)}
          readOnly={ro}
          error={fieldError('plan_hours')}
          hint={ro ? num(task.plan_hours) : undefined}
        />
        <Input
          label={t('actualHours')}
          inputMode="decimal"
          value={d.actual_hours}
          onChange={(e) => set('actual_hours', e.target.value)}
          readOnly={!progress}
          error={fieldError('actual_hours')}
          data-testid="task-actual"
        />
      </div>

      {edit ? (
        <>
          <UserPicker label={t('performer')} single value={d.performer} onChange={(v) => set('performer', v)} testId="task-performer" />
          <UserPicker label={t('coPerformers')} value={d.co_performers} onChange={(v) => set('co_performers', v)} testId="task-co" />
          <UserPicker label={t('observers')} value={d.observers} onChange={(v) => set('observers', v)} testId="task-observers" />
        </>
      ) : (
        <dl className="tt-people">
          <dt>{t('performer')}</dt>
          <dd>{task.performer ? names.get(task.performer) : '—'}</dd>
          <dt>{t('coPerformers')}</dt>
          <dd>{task.co_performers.map((p) => names.get(p) ?? p).join(', ') || '—'}</dd>
          <dt>{t('observers')}</dt>
          <dd>{task.observers.length}</dd>
        </dl>
      )}
      <p className="tt-muted">
        {t('owner')}: {names.get(task.owner) ?? ''} · {t('created')} {fmt(task.created_at, true)}
      </p>

      <fieldset className="tt-checklist" data-testid="task-checklist">
        <legend>{t('checklist')}</legend>
        {d.checklist.map((c, i) => (
          <div key={c._id ?? i} className="tt-check">
            <Checkbox
              label={c.text}
              checked={c.done}
              disabled={!progress}
              onChange={(e) =>
                set(
                  'checklist',
                  d.checklist.map((x, j) => (j === i ? { ...x, done: e.target.checked } : x)),
                )
              }
            />
            {progress ? (
              <Button
                size="tiny"
                variant="ghost"
                aria-label={t('removeItem', { text: c.text })}
                onClick={() =>
                  set(
                    'checklist',
                    d.checklist.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </Button>
            ) : null}
          </div>
        ))}
        {progress ? (
          <form
            className="tt-row"
            onSubmit={(e) => {
              e.preventDefault();
              if (newItem.trim()) set('checklist', [...d.checklist, { text: newItem.trim(), done: false }]);
              setNewItem('');
            }}
          >
            <Input label={t('newItem')} value={newItem} onChange={(e) => setNewItem(e.target.value)} data-testid="check-new" />
            <Button type="submit" size="small" variant="secondary">
              {t('add')}
            </Button>
          </form>
        ) : null}
      </fieldset>

      <fieldset className="tt-attachments">
        <legend>{t('attachments')}</legend>
        <ul>
          {d.attachments.map((a, i) => (
            <li key={`${a.url}-${i}`}>
              <a href={a.url} target="_blank" rel="noreferrer">
                {a.name}
              </a>
              {edit ? (
                <Button
                  size="tiny"
                  variant="ghost"
                  aria-label={t('removeItem', { text: a.name })}
                  onClick={() =>
                    set(
                      'attachments',
                      d.attachments.filter((_, j) => j !== i),
                    )
                  }
                >
                  ×
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {edit ? <input type="file" multiple aria-label={t('attach')} onChange={(e) => void attach(e.target.files)} /> : null}
        {uploading !== null ? <ProgressBar value={uploading} /> : null}
      </fieldset>

      {progress && board.status === 'active' ? (
        <div className="tt-row">
          <Select
            label={t('moveTo')}
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            options={board.lanes.map((l) => ({ value: l._id, label: l.name }))}
            data-testid="task-move-lane"
          />
          <Button variant="secondary" size="small" onClick={() => void move()} disabled={moveTo === task.lane_id} data-testid="task-move">
            {t('move')}
          </Button>
        </div>
      ) : null}

      <div className="tt-row tt-row--end">
        {edit ? (
          <Button variant="danger" onClick={() => setConfirmDelete(true)} data-testid="task-delete">
            {t('delete')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
        {progress && board.status === 'active' ? (
          <Button onClick={() => void save()} disabled={busy} data-testid="task-save">
            {t('save')}
          </Button>
        ) : null}
      </div>
      <TaskComments task={task} board={board} />
      <ConfirmDialog open={confirmDelete} message={t('deleteTaskConfirm', { name: task.name })} onConfirm={remove} onCancel={() => setConfirmDelete(false)} />
    </div>
  );
}
