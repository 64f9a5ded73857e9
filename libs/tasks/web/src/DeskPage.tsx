import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tasksText } from './locales.ts';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PRIORITIES, taskFieldsSchema, tasksRoutes, type Board, type Card as TaskCard } from '@intranet/tasks-contract';
import { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { NeedSession, useRealtimeEvent } from '@intranet/web-session';
import { Badge, Button, ConfirmDialog, Loader, Modal, Select, useNotifier } from '@intranet/web-ui';
import { errorText, LoadError, tasksKeys, useFormatDate, useUserNames } from './common.tsx';
import { BoardSettings } from './BoardSettings.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';
import './tasks.css';

/** §2 /desk/{_id}: the board as a kanban. */
export default function DeskPage() {
  return (
    <NeedSession>
      <Desk />
    </NeedSession>
  );
}

type Columns = Record<string, string[]>;

/** Space picks a card up and drops it; Escape cancels; Enter stays free to open the task. */
const KEYS = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** Lane → task ids in the board's order. */
function columnsOf(b: Board): Columns {
  const out: Columns = Object.fromEntries(b.lanes.map((l) => [l._id, [] as string[]]));
  for (const t of b.tasks) out[t.lane_id]?.push(t._id);
  return out;
}

interface Filters {
  performer: string;
  tag: string;
  priority: string;
  deadline: '' | 'overdue' | 'week' | 'none';
}

function matches(t: TaskCard, f: Filters): boolean {
  if (f.performer && t.performer !== f.performer && !t.co_performers.includes(f.performer)) return false;
  if (f.tag && !t.tags.includes(f.tag)) return false;
  if (f.priority && t.priority !== f.priority) return false;
  if (f.deadline === 'overdue' && !t.overdue) return false;
  if (f.deadline === 'none' && t.deadline) return false;
  if (f.deadline === 'week' && (!t.deadline || new Date(t.deadline).getTime() > Date.now() + 7 * 86400_000)) return false;
  return true;
}

function Desk() {
  const { id = '' } = useParams();
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const [search, setSearch] = useSearchParams();
  const openTask = search.get('task');
  const q = useQuery({ queryKey: tasksKeys.board(id), queryFn: ({ signal }) => call(tasksRoutes.deskGet, { params: { id }, signal, silent: true }) });
  const [columns, setColumns] = useState<Columns>({});
  const [dragging, setDragging] = useState<string | null>(null);
  const [filters, setFilters] = useState<Filters>({ performer: '', tag: '', priority: '', deadline: '' });
  const [settings, setSettings] = useState(false);
  const [confirm, setConfirm] = useState<'finish' | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  /** When the last drag ended: the click that ends a drag does not open the task. */
  const lastDrag = useRef(0);

  // The server's order wins whenever no drag is under way (a drag's local order is replaced by the answer).
  useEffect(() => {
    if (q.data && !dragging) setColumns(columnsOf(q.data));
  }, [q.data, dragging]);

  // Live: any change of this board (by anyone) refetches it.
  const refresh = (p: { desk_id?: string }) => {
    if (p?.desk_id === id) void qc.invalidateQueries({ queryKey: tasksKeys.board(id) });
  };
  useRealtimeEvent('evt.tasks.task.moved', refresh);
  useRealtimeEvent('evt.tasks.task.changed', refresh);
  useRealtimeEvent('evt.tasks.desk.changed', refresh);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYS }),
  );
  const board = q.data;
  const byId = useMemo(() => new Map((board?.tasks ?? []).map((x) => [x._id, x])), [board]);
  const people = useUserNames(
    board ? [board.owner, ...board.admins, ...board.members.map((m) => m.user), ...board.tasks.flatMap((x) => [x.performer, ...x.co_performers])] : [],
  );

  if (q.isPending) return <Loader />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const b = q.data;
  const editor = b.my_role === 'owner' || b.my_role === 'admin';
  const active = b.status === 'active';
  const laneOf = (taskOrLane: string) => (columns[taskOrLane] ? taskOrLane : Object.keys(columns).find((l) => columns[l]!.includes(taskOrLane)));
  const tags = [...new Set(b.tasks.flatMap((x) => x.tags))].sort();
  const performers = [...new Set(b.tasks.flatMap((x) => [x.performer, ...x.co_performers]).filter((x): x is string => !!x))];
  const filtering = !!(filters.performer || filters.tag || filters.priority || filters.deadline);

  const onStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const open = (tid: string) => {
    if (!dragging && Date.now() - lastDrag.current > 300) setSearch({ task: tid });
  };
  const onOver = (e: DragOverEvent) => {
    const over = e.over ? String(e.over.id) : null;
    const from = laneOf(String(e.active.id));
    const to = over ? laneOf(over) : undefined;
    if (!from || !to || from === to) return;
    setColumns((c) => {
      const src = c[from]!.filter((x) => x !== e.active.id);
      const dst = [...c[to]!];
      const at = over && dst.includes(over) ? dst.indexOf(over) : dst.length;
      dst.splice(at, 0, String(e.active.id));
      return { ...c, [from]: src, [to]: dst };
    });
  };
  const onEnd = async (e: DragEndEvent) => {
    lastDrag.current = Date.now();
    const taskId = String(e.active.id);
    const over = e.over ? String(e.over.id) : null;
    const lane = over ? laneOf(over) : undefined;
    const task = byId.get(taskId);
    if (!lane || !task) {
      setDragging(null);
      return;
    }
    // The standard multi-lane sortable: the card takes the place of the card it is over (or the lane's end).
    const cur = columns[lane]!;
    const oldIndex = cur.indexOf(taskId);
    const overIndex = over && over !== lane ? cur.indexOf(over) : cur.length - 1;
    const finalList = oldIndex >= 0 ? arrayMove(cur, oldIndex, overIndex < 0 ? cur.length - 1 : overIndex) : [...cur, taskId];
    const index = finalList.indexOf(taskId);
    setColumns((c) => ({ ...c, [lane]: finalList }));
    const unchanged = lane === task.lane_id && JSON.stringify(finalList) === JSON.stringify(columnsOf(b)[lane]);
    if (!unchanged) {
      try {
        // The index counts the lane's other tasks in the board's order (filtered-out cards included).
        await call(tasksRoutes.taskMove, { params: { desk_id: b._id }, body: { task_id: taskId, lane_id: lane, index }, silent: true });
      } catch (err) {
        notify.error(errorText(err));
      }
      await qc.invalidateQueries({ queryKey: tasksKeys.board(id) });
    }
    setDragging(null);
  };

  const finish = async () => {
    await call(tasksRoutes.deskFinish, { params: { id: b._id }, silent: true });
    setConfirm(null);
    void qc.invalidateQueries({ queryKey: tasksKeys.all });
  };
  const restore = async () => {
    try {
      await call(tasksRoutes.deskUpdate, { params: { id: b._id }, body: { status: 'active' }, silent: true });
      void qc.invalidateQueries({ queryKey: tasksKeys.all });
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const dragged = dragging ? byId.get(dragging) : undefined;
  // Screen-reader texts of a drag (dnd-kit's live region) in the user's language, naming tasks and lanes, not ids.
  const taskName = (x: UniqueIdentifier) => byId.get(String(x))?.name ?? '';
  const laneName = (x: string | undefined) => b.lanes.find((l) => l._id === x)?.name ?? '';
  const laneAt = (x: UniqueIdentifier) => laneName(laneOf(String(x)));
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.pickedUp', { task: taskName(active.id), lane: laneAt(active.id) }),
    onDragOver: ({ active, over }) => {
      const task = taskName(active.id);
      if (!over) return t('dnd.noTarget', { task });
      if (columns[over.id] || over.id === active.id) return t('dnd.overLane', { task, lane: laneAt(over.id) });
      return t('dnd.overTask', { task, over: taskName(over.id), lane: laneAt(over.id) });
    },
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.dropped', { task: taskName(active.id), lane: laneAt(over.id) }) : t('dnd.droppedNowhere', { task: taskName(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { task: taskName(active.id), lane: laneName(byId.get(String(active.id))?.lane_id) }),
  };

  return (
    <section className="page tt-page" data-testid="desk-page">
      <header className="tt-head">
        <div>
          <Link to="/task-tracker/">{t('toBoards')}</Link>
          <h1 data-testid="desk-name">
            {b.name} {active ? null : <Badge>{t('finished')}</Badge>}
          </h1>
          {b.description ? <p className="tt-muted">{b.description}</p> : null}
          <p className="tt-muted" data-testid="desk-people">
            {t('yourRole', { role: t(`role.${b.my_role}`) })}
            {b.my_role === 'owner' ? null : ` · ${t('owner')}: ${people.get(b.owner) ?? ''}`}
          </p>
        </div>
        {editor ? (
          <div className="tt-actions">
            {active ? (
              <>
                <Button variant="secondary" onClick={() => setSettings(true)} data-testid="desk-settings">
                  {t('settings')}
                </Button>
                <Button variant="secondary" onClick={() => setConfirm('finish')} data-testid="desk-finish">
                  {t('finishBoard')}
                </Button>
              </>
            ) : (
              <Button onClick={() => void restore()} data-testid="desk-restore">
                {t('restoreBoard')}
              </Button>
            )}
          </div>
        ) : null}
      </header>

      <div className="tt-filters" role="group" aria-label={t('filters')} data-testid="desk-filters">
        <Select
          label={t('performer')}
          value={filters.performer}
          onChange={(e) => setFilters({ ...filters, performer: e.target.value })}
          options={[{ value: '', label: t('any') }, ...performers.map((p) => ({ value: p, label: people.get(p) ?? p }))]}
        />
        <Select
          label={t('tag')}
          value={filters.tag}
          onChange={(e) => setFilters({ ...filters, tag: e.target.value })}
          options={[{ value: '', label: t('any') }, ...tags.map((x) => ({ value: x, label: x }))]}
        />
        <Select
          label={t('priority')}
          value={filters.priority}
          onChange={(e) => setFilters({ ...filters, priority: e.target.value })}
          options={[{ value: '', label: t('any') }, ...PRIORITIES.map((p) => ({ value: p, label: t(`prio.${p}`) }))]}
        />
        <Select
          label={t('deadline')}
          value={filters.deadline}
          onChange={(e) => setFilters({ ...filters, deadline: e.target.value as Filters['deadline'] })}
          options={[
            { value: '', label: t('any') },
            { value: 'overdue', label: t('overdue') },
            { value: 'week', label: t('dueWeek') },
            { value: 'none', label: t('noDeadline') },
          ]}
          data-testid="filter-deadline"
        />
      </div>
      {filtering ? <p className="tt-muted">{t('filteredHint')}</p> : null}

      <DndContext
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onStart}
        onDragOver={onOver}
        onDragEnd={(e) => void onEnd(e)}
        onDragCancel={() => {
          lastDrag.current = Date.now();
          setDragging(null);
        }}
      >
        <div className="tt-board" data-testid="board">
          {b.lanes.map((lane) => (
            <Lane
              key={lane._id}
              id={lane._id}
              name={lane.name}
              count={columns[lane._id]?.length ?? 0}
              onAdd={editor && active ? () => setAdding(lane._id) : undefined}
            >
              <SortableContext items={columns[lane._id] ?? []} strategy={verticalListSortingStrategy}>
                {(columns[lane._id] ?? []).map((tid) => {
                  const x = byId.get(tid);
                  if (!x || !matches(x, filters)) return null;
                  return <Card key={tid} task={x} names={people} onOpen={() => open(tid)} disabled={x.can === 'view' || filtering} />;
                })}
              </SortableContext>
            </Lane>
          ))}
          {!b.lanes.length ? <p className="tt-muted">{t('noLanes')}</p> : null}
        </div>
        <DragOverlay>{dragged ? <CardView task={dragged} names={people} /> : null}</DragOverlay>
      </DndContext>

      {openTask ? <TaskDrawer taskId={openTask} board={b} names={people} onClose={() => setSearch({})} /> : null}
      {settings ? <BoardSettings board={b} onClose={() => setSettings(false)} /> : null}
      {adding ? <QuickAdd deskId={b._id} laneId={adding} onClose={() => setAdding(null)} /> : null}
      <ConfirmDialog
        open={confirm === 'finish'}
        title={t('finishBoard')}
        message={t('finishConfirm')}
        confirmLabel={t('finishBoard')}
        onConfirm={finish}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}

/** A lane: a droppable column (an empty lane still takes cards). */
function Lane({ id, name, count, onAdd, children }: { id: string; name: string; count: number; onAdd?: () => void; children: React.ReactNode }) {
  const { t } = tasksText.useT();
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <section className={`tt-lane${isOver ? ' tt-lane--over' : ''}`} aria-label={name} data-testid={`lane-${id}`}>
      <header className="tt-lane__head">
        <h2>{name}</h2>
        <span className="tt-muted" aria-label={t('tasksCount', { count })}>
          {count}
        </span>
        {onAdd ? (
          <Button size="tiny" variant="ghost" onClick={onAdd} aria-label={t('addTaskTo', { lane: name })} data-testid={`lane-add-${id}`}>
            +
          </Button>
        ) : null}
      </header>
      <div ref={setNodeRef} className="tt-lane__cards">
        {children}
      </div>
    </section>
  );
}

/** A sortable card: drag with the mouse, touch or keyboard (Space, arrows, Space); Enter opens the task. */
function Card({ task, names, onOpen, disabled }: { task: TaskCard; names: Map<string, string>; onOpen: () => void; disabled: boolean }) {
  const { t } = tasksText.useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task._id, disabled });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 };
  // Named by its content (the task's name first, then what the card shows: performer, tags, deadline), so the name
  // a screen reader announces contains the visible text (WCAG 2.5.3).
  return (
    <div
      ref={setNodeRef}
      style={style}
      {...attributes}
      {...listeners}
      aria-roledescription={disabled ? undefined : t('card')}
      data-testid={`card-${task._id}`}
      data-draggable={disabled ? 'false' : 'true'}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
        listeners?.onKeyDown?.(e);
      }}
      onClick={onOpen}
    >
      <CardView task={task} names={names} />
    </div>
  );
}

function CardView({ task, names }: { task: TaskCard; names: Map<string, string> }) {
  const { t } = tasksText.useT();
  const fmt = useFormatDate();
  return (
    <article
      className={`tt-card tt-card--${task.priority}${task.overdue ? ' tt-card--overdue' : ''}`}
      style={{ background: task.color ?? undefined, borderColor: task.border ?? undefined }}
    >
      <strong className="tt-card__name">{task.name}</strong>
      <div className="tt-card__meta">
        {task.priority !== 'normal' ? <Badge tone={task.priority === 'low' ? undefined : 'danger'}>{t(`prio.${task.priority}`)}</Badge> : null}
        {task.type !== 'open' ? <Badge>{t(`type.${task.type}`)}</Badge> : null}
        {task.tags.map((x) => (
          <span key={x} className="tt-tag">
            #{x}
          </span>
        ))}
      </div>
      <div className="tt-card__meta tt-muted">
        {task.performer ? <span>{names.get(task.performer)}</span> : null}
        {task.checklist_total ? <span>{t('checklistDone', { done: task.checklist_done, count: task.checklist_total })}</span> : null}
        {task.attachments_count ? <span>{t('attachmentsCount', { count: task.attachments_count })}</span> : null}
        {task.deadline ? (
          <span className={task.overdue ? 'tt-deadline--late' : undefined} data-testid={task.overdue ? 'card-overdue' : undefined}>
            {task.overdue ? `${t('overdue')}: ` : ''}
            {fmt(task.deadline)}
          </span>
        ) : null}
      </div>
    </article>
  );
}

const quickAddSchema = z.object({ name: taskFieldsSchema.shape.name });

/** "+" of a lane: a task with a name (more in the drawer), on top of the lane. */
function QuickAdd({ deskId, laneId, onClose }: { deskId: string; laneId: string; onClose: () => void }) {
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const [, setSearch] = useSearchParams();
  const form = useApiForm({
    schema: quickAddSchema,
    defaultValues: { name: '' },
    onSubmit: async ({ name }) => {
      const x = await call(tasksRoutes.taskAdd, { params: { desk_id: deskId, lane_id: laneId }, body: { name, index: 0 }, silent: true });
      await qc.invalidateQueries({ queryKey: tasksKeys.board(deskId) });
      onClose();
      setSearch({ task: x._id });
    },
  });
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!form.busy}
      title={t('newTask')}
      testId="task-add"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="task-add-form" loading={form.busy} data-testid="task-add-submit">
            {t('create')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="task-add-form">
        <FormField form={form} name="name" id="task-add-name" label={t('name')} wide />
      </ApiFormView>
    </Modal>
  );
}
