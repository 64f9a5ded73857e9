import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Card as TaskCard } from '@intranet/tasks-contract';
import { CardView } from './CardView.tsx';
import { tasksText } from './locales.ts';

/** A sortable card: drag with the mouse, touch or keyboard (Space, arrows, Space); Enter opens the task. */
export function Card({ task, names, onOpen, disabled }: { task: TaskCard; names: Map<string, string>; onOpen: () => void; disabled: boolean }) {
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
