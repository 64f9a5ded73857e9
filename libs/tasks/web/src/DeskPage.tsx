import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { NeedSession, useRealtimeEvent } from '@intranet/web-session';
import { Badge, Button, ConfirmDialog, Loader, useNotifier } from '@intranet/web-ui';
import { useBoard } from './api/desk-get.ts';
import { finishDesk } from './api/desk-finish.ts';
import { updateDesk } from './api/desk-update.ts';
import { taskKeys } from './api/keys.ts';
import { moveTask } from './api/task-move.ts';
import { columnsOf, dropOrder, filtering, KEYS, matches, type Columns, type Filters } from './board-view.ts';
import { BoardSettings } from './BoardSettings.tsx';
import { Card } from './Card.tsx';
import { CardView } from './CardView.tsx';
import { errorText, LoadError, useUserNames } from './common.tsx';
import { DeskFilters } from './DeskFilters.tsx';
import { Lane } from './Lane.tsx';
import { tasksText } from './locales.ts';
import { QuickAdd } from './QuickAdd.tsx';
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

/**
 * The board: lanes of sortable cards (mouse, touch, keyboard; dnd-kit announcements in the user's language), filters,
 * the task drawer (?task=), settings, quick add, finish and restore; live through evt.tasks.*.
 */
function Desk() {
  const { id = '' } = useParams();
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const [search, setSearch] = useSearchParams();
  const openTask = search.get('task');
  const q = useBoard(id);
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
    if (p?.desk_id === id) void qc.invalidateQueries({ queryKey: taskKeys.board(id) });
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
  const isFiltering = filtering(filters);

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
    const finalList = dropOrder(columns[lane]!, taskId, over, lane);
    const index = finalList.indexOf(taskId);
    setColumns((c) => ({ ...c, [lane]: finalList }));
    const unchanged = lane === task.lane_id && JSON.stringify(finalList) === JSON.stringify(columnsOf(b)[lane]);
    if (!unchanged) {
      try {
        // The index counts the lane's other tasks in the board's order (filtered-out cards included).
        await moveTask(b._id, taskId, lane, index);
      } catch (err) {
        notify.error(errorText(err));
      }
      await qc.invalidateQueries({ queryKey: taskKeys.board(id) });
    }
    setDragging(null);
  };

  const finish = async () => {
    await finishDesk(b._id);
    setConfirm(null);
    void qc.invalidateQueries({ queryKey: taskKeys.all });
  };
  const restore = async () => {
    try {
      await updateDesk(b._id, { status: 'active' });
      void qc.invalidateQueries({ queryKey: taskKeys.all });
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

      <DeskFilters board={b} names={people} value={filters} onChange={setFilters} />
      {isFiltering ? <p className="tt-muted">{t('filteredHint')}</p> : null}

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
                  return <Card key={tid} task={x} names={people} onOpen={() => open(tid)} disabled={x.can === 'view' || isFiltering} />;
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
