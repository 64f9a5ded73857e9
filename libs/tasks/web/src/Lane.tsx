import type { ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { Button } from '@intranet/web-ui';
import { tasksText } from './locales.ts';

/** A lane: a droppable column (an empty lane still takes cards). */
export function Lane({ id, name, count, onAdd, children }: { id: string; name: string; count: number; onAdd?: () => void; children: ReactNode }) {
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
