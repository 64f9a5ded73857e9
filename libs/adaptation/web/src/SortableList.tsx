import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { adaptationText } from './locales.ts';

/**
 * A list reordered by dragging each row's handle (dnd-kit sortable, as the polls builder and the task board;
 * keyboard: Space to pick up, arrows to move, Space to drop, Escape to cancel; moves announced in the user's
 * language). `onOrder` gets the ids in their new order once a row is dropped somewhere else; `disabled` turns dragging
 * off (while the last order is being saved). Test ids: `<testId>` on the list, `<testId>-<i>` per row and
 * `<testId>-<i>-drag` on its handle.
 */
export function SortableList<T extends { _id: string; name: string }>({
  items,
  onOrder,
  render,
  testId,
  disabled = false,
}: {
  items: T[];
  onOrder: (ids: string[]) => void;
  render: (item: T, i: number) => ReactNode;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = adaptationText.useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => items.find((x) => x._id === id)?.name ?? '';
  const posOf = (id: UniqueIdentifier) => items.findIndex((x) => x._id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { name: nameOf(active.id), n: posOf(active.id), total: items.length }),
    onDragOver: ({ active, over }) => (over ? t('dnd.over', { name: nameOf(active.id), n: posOf(over.id), total: items.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dnd.dropped', { name: nameOf(active.id), n: posOf(over.id), total: items.length }) : undefined),
    onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = posOf(e.active.id) - 1;
    const to = posOf(e.over.id) - 1;
    if (from < 0 || to < 0) return;
    onOrder(arrayMove(items, from, to).map((x) => x._id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={items.map((x) => x._id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="adapt-sortable" data-testid={testId}>
          {items.map((x, i) => (
            <SortableRow key={x._id} id={x._id} name={x.name} testId={`${testId}-${i}`}>
              {render(x, i)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** One row of a `SortableList`: the drag handle, then the row's content. */
function SortableRow({ id, name, testId, children }: { id: string; name: string; testId: string; children: ReactNode }) {
  const { t } = adaptationText.useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`adapt-sortable__row${isDragging ? ' adapt-sortable__row--dragging' : ''}`}
      data-testid={testId}
    >
      <button
        type="button"
        className="adapt-drag"
        aria-label={t('dnd.handle', { name })}
        title={t('dnd.handle', { name })}
        {...attributes}
        {...listeners}
        data-testid={`${testId}-drag`}
      >
        ⠿
      </button>
      <div className="adapt-sortable__body">{children}</div>
    </li>
  );
}
