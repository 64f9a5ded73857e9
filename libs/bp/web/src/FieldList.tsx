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
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Field } from '@intranet/bp-contract';
import { bpText } from './locales.ts';
import { FieldEditor } from './FieldEditor.tsx';

/**
 * A step's fields, reordered by dragging their handles (dnd-kit sortable, as the polls builder and the task board;
 * keyboard: Space to pick up, arrows to move, Space to drop, Escape to cancel; moves announced in the user's
 * language) or by the up/down buttons.
 */
export function FieldList({
  fields,
  at,
  errors,
  onFields,
}: {
  fields: Field[];
  at: string;
  errors: Record<string, string>;
  onFields: (fields: Field[]) => void;
}) {
  const { t } = bpText.useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => fields.find((f) => f._id === id)?.name || t('editor.field');
  const posOf = (id: UniqueIdentifier) => fields.findIndex((f) => f._id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('editor.dnd.picked', { name: nameOf(active.id), n: posOf(active.id), total: fields.length }),
    onDragOver: ({ active, over }) => (over ? t('editor.dnd.over', { name: nameOf(active.id), n: posOf(over.id), total: fields.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('editor.dnd.dropped', { name: nameOf(active.id), n: posOf(over.id), total: fields.length }) : undefined),
    onDragCancel: ({ active }) => t('editor.dnd.cancelled', { name: nameOf(active.id) }),
  };
  const move = (from: number, to: number) => {
    if (from < 0 || to < 0 || from >= fields.length || to >= fields.length || from === to) return;
    onFields(arrayMove(fields, from, to));
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    move(posOf(e.active.id) - 1, posOf(e.over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('editor.dnd.instructions') } }}
    >
      <SortableContext items={fields.map((f) => f._id)} strategy={verticalListSortingStrategy}>
        <ol className="bp-field-list">
          {fields.map((f, j) => (
            <FieldEditor
              key={f._id}
              f={f}
              at={`${at}.fields.${j}`}
              errors={errors}
              first={j === 0}
              last={j === fields.length - 1}
              onMove={(by) => move(j, j + by)}
              onChange={(nf) => onFields(fields.map((x, k) => (k === j ? nf : x)))}
              onRemove={() => onFields(fields.filter((_, k) => k !== j))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
