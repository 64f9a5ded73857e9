import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tasksText } from './locales.ts';
import { fileRoutes } from '@intranet/files-contract';
import { PRIORITIES, TASK_TYPES, tasksRoutes, type Board, type Task } from '@intranet/tasks-contract';
import { call, upload } from '@intranet/web-api';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Alert, Button, ConfirmDialog, Input, Loader, Modal, ProgressBar, Select } from '@intranet/web-ui';
import { errorText, LoadError, tasksKeys, useFormatDate, useFormatNumber, UserPicker, type PickedUser } from './common.tsx';
import { TaskChecklist } from './TaskChecklist.tsx';
import { TaskComments } from './TaskComments.tsx';
import { taskFormField, taskFormSchema, toLocalInput } from './task-form.ts';

/**
 * The task drawer (§3 Task, every field): name, description, colour and border, priority, type, tags, checklist
 * (saved as it changes), attachments (POST api/upload), plan and actual hours, performer, co-performers, observers,
 * deadline; move to a lane (the keyboard-free alternative to dragging); delete with confirmation. Editors change
 * everything, performer and co-performers the type, checklist and actual hours, others read.
 */
export function TaskDrawer({ taskId, board, names, onClose }: { taskId: string; board: Board; names: Map<string, string>; onClose: () => void }) {
  const { t } = tasksText.useT();
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
        // Keyed by the task, not its version: a refetch (a checklist save, a move) keeps what is being typed.
        <TaskForm key={q.data._id} task={q.data} board={board} names={names} onClose={onClose} />
      )}
    </Modal>
  );
}

function TaskForm({ task, board, names, onClose }: { task: Task; board: Board; names: Map<string, string>; onClose: () => void }) {
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const fmt = useFormatDate();
  const num = useFormatNumber();
  const edit = task.can === 'edit';
  const progress = task.can === 'progress' || edit;
  const active = board.status === 'active';
  const person = (id: string | null): PickedUser[] => (id ? [{ _id: id, name: names.get(id) ?? id }] : []);
  const [uploading, setUploading] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveTo, setMoveTo] = useState(task.lane_id);
  useEffect(() => setMoveTo(task.lane_id), [task.lane_id]);

  const form = useApiForm({
    schema: taskFormSchema,
    defaultValues: {
      name: task.name,
      description: task.description,
      color: task.color ?? '',
      border: task.border ?? '',
      priority: task.priority,
      type: task.type,
      tags: task.tags.join(', '),
      attachments: task.attachments,
      plan_hours: task.plan_hours === null ? '' : String(task.plan_hours),
      actual_hours: task.actual_hours === null ? '' : String(task.actual_hours),
      performer: person(task.performer),
      co_performers: task.co_performers.flatMap(person),
      observers: task.observers.flatMap(person),
      deadline: toLocalInput(task.deadline),
    },
    serverField: taskFormField,
    onSubmit: async (v) => {
      // The checklist is saved as it changes (TaskChecklist); performer and co-performers send what they may change.
      const progressBody = { type: v.type, actual_hours: v.actual_hours };
      const body = edit
        ? {
            ...progressBody,
            name: v.name,
            description: v.description,
            color: v.color,
            border: v.border,
            priority: v.priority,
            tags: v.tags,
            attachments: v.attachments,
            plan_hours: v.plan_hours,
            performer: v.performer[0]?._id ?? null,
            co_performers: v.co_performers.map((p) => p._id),
            observers: v.observers.map((p) => p._id),
            deadline: v.deadline,
          }
        : progressBody;
      await call(tasksRoutes.taskUpdate, { params: { id: task._id }, body, silent: true });
      await qc.invalidateQueries({ queryKey: tasksKeys.all });
      onClose();
    },
  });
  const [color, border, attachments, performer, coPerformers, observers] = form.watch([
    'color',
    'border',
    'attachments',
    'performer',
    'co_performers',
    'observers',
  ]);
  const setField = form.setValue;

  const move = async () => {
    try {
      await call(tasksRoutes.moveTask, { params: { desk_id: board._id }, body: { task_id: task._id, lane_id: moveTo, index: 0 }, silent: true });
      await qc.invalidateQueries({ queryKey: tasksKeys.all });
    } catch (e) {
      form.setError('root', { message: errorText(e) });
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
      const r = await upload(fileRoutes.fileUpload, fd, (p) => setUploading(p.percent), { query: { kind: 'file' }, silent: true });
      setField('attachments', [...(attachments ?? []), ...r.results.map((f) => ({ url: f.url, thumb: f.thumb, mime: f.mimetype, name: f.fileName }))], {
        shouldDirty: true,
      });
    } catch (e) {
      form.setError('root', { message: errorText(e) });
    } finally {
      setUploading(null);
    }
  };

  const ro = !edit;
  const colourInput = (name: 'color' | 'border', value: string | undefined, fallback: string, label: string) => (
    <Input
      label={label}
      id={`task-${name}`}
      type="color"
      value={value || fallback}
      onChange={(e) => setField(name, e.target.value, { shouldDirty: true })}
      disabled={ro}
      error={form.errorOf(name)}
    />
  );
  return (
    <div className="tt-drawer" data-testid="task-form">
      {task.overdue ? <Alert kind="info">{t('overdueSince', { date: fmt(task.deadline, true) })}</Alert> : null}
      <ApiFormView form={form} id="task-edit-form" errorTestId="task-form-error">
        <div className="tt-grid">
          <FormField form={form} name="name" id="task-name" label={t('name')} readOnly={ro} wide />
          <FormField form={form} name="description" id="task-description" label={t('description')} rows={3} readOnly={ro} wide />
          <FormField
            form={form}
            name="type"
            id="task-type"
            label={t('type.label')}
            disabled={!progress}
            choices={TASK_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
          />
          <FormField
            form={form}
            name="priority"
            id="task-priority"
            label={t('priority')}
            disabled={ro}
            choices={PRIORITIES.map((x) => ({ value: x, label: t(`prio.${x}`) }))}
          />
          {colourInput('color', color, '#ffffff', t('colour'))}
          {colourInput('border', border, '#cccccc', t('border'))}
          <FormField form={form} name="tags" id="task-tags" label={t('tagsComma')} readOnly={ro} />
          <FormField form={form} name="deadline" id="task-deadline" label={t('deadline')} type="datetime-local" readOnly={ro} />
          <FormField
            form={form}
            name="plan_hours"
            id="task-plan"
            label={t('planHours')}
            inputMode="decimal"
            readOnly={ro}
            hint={ro ? num(task.plan_hours) : undefined}
          />
          <FormField form={form} name="actual_hours" id="task-actual" label={t('actualHours')} inputMode="decimal" readOnly={!progress} />
        </div>
      </ApiFormView>

      {edit ? (
        <>
          <UserPicker
            label={t('performer')}
            single
            value={performer}
            onChange={(v) => setField('performer', v, { shouldDirty: true })}
            testId="task-performer"
          />
          <UserPicker label={t('coPerformers')} value={coPerformers} onChange={(v) => setField('co_performers', v, { shouldDirty: true })} testId="task-co" />
          <UserPicker label={t('observers')} value={observers} onChange={(v) => setField('observers', v, { shouldDirty: true })} testId="task-observers" />
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

      <TaskChecklist task={task} canEdit={progress && active} />

      <fieldset className="tt-attachments">
        <legend>{t('attachments')}</legend>
        <ul>
          {(attachments ?? []).map((a, i) => (
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
                    setField(
                      'attachments',
                      (attachments ?? []).filter((_, j) => j !== i),
                      { shouldDirty: true },
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

      {progress && active ? (
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
        <Button variant="secondary" onClick={onClose} data-testid="task-close">
          {t('close')}
        </Button>
        {progress && active ? (
          <Button type="submit" form="task-edit-form" loading={form.busy} data-testid="task-save">
            {t('save')}
          </Button>
        ) : null}
      </div>
      <TaskComments task={task} board={board} />
      <ConfirmDialog open={confirmDelete} message={t('deleteTaskConfirm', { name: task.name })} onConfirm={remove} onCancel={() => setConfirmDelete(false)} />
    </div>
  );
}
