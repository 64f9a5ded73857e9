import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tasksText } from './locales.ts';
import { V } from '@intranet/platform-contracts';
import { TASKS_LIMITS, tasksRoutes, type Task } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';
import { wordValidationMessage } from '@intranet/web-forms';
import { Button, Checkbox, Input, useNotifier } from '@intranet/web-ui';
import { errorText, tasksKeys } from './common.tsx';

type Item = Task['checklist'][number] | { _id?: undefined; text: string; done: boolean };

/**
 * A task's checklist, saved as it changes (issue 29 §12: an item added in the drawer must outlive "Close"): each
 * add, tick or removal shows at once and is sent as the whole list (PUT api/task/{id} {checklist}); the saves run one
 * after another, and a refused or failed one puts back the last saved list with an error toast. `canEdit`: the
 * board's owner and admins, the performer and co-performers while the board is active.
 */
export function TaskChecklist({ task, canEdit }: { task: Task; canEdit: boolean }) {
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const [items, setItems] = useState<Item[]>(task.checklist);
  const [newItem, setNewItem] = useState('');
  /** The list the server last confirmed, and the chain of saves (each waits for the one before). */
  const saved = useRef<Item[]>(task.checklist);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  // A newer version of the task (a refetch, another person's change) shows unless a change of ours is on its way.
  useEffect(() => {
    if (pending.current) return;
    saved.current = task.checklist;
    setItems(task.checklist);
  }, [task.checklist]);
  // A text over the limit is refused with the limit shown (never cut), before anything is sent.
  const tooLong = newItem.trim().length > TASKS_LIMITS.checkText ? wordValidationMessage(V.max(TASKS_LIMITS.checkText)) : undefined;

  const change = (next: Item[]) => {
    setItems(next);
    pending.current++;
    queue.current = queue.current.then(async () => {
      try {
        const body = { checklist: next.map((x) => ({ ...(x._id ? { _id: x._id } : {}), text: x.text, done: x.done })) };
        const r = await call(tasksRoutes.taskUpdate, { params: { id: task._id }, body, silent: true });
        saved.current = r.checklist;
        qc.setQueryData(tasksKeys.task(task._id), r);
        // The server's ids replace the optimistic list once no later change waits to be sent.
        if (pending.current === 1) setItems(r.checklist);
        void qc.invalidateQueries({ queryKey: tasksKeys.board(task.desk_id) });
      } catch (e) {
        setItems(saved.current);
        notify.error(t('checklistNotSaved', { reason: errorText(e) }));
      } finally {
        pending.current--;
      }
    });
  };

  return (
    <fieldset className="tt-checklist" data-testid="task-checklist">
      <legend>{t('checklist')}</legend>
      {items.map((c, i) => (
        <div key={c._id ?? `new-${i}`} className="tt-check">
          <Checkbox
            label={c.text}
            checked={c.done}
            disabled={!canEdit}
            onChange={(e) => change(items.map((x, j) => (j === i ? { ...x, done: e.target.checked } : x)))}
          />
          {canEdit ? (
            <Button size="tiny" variant="ghost" aria-label={t('removeItem', { text: c.text })} onClick={() => change(items.filter((_, j) => j !== i))}>
              ×
            </Button>
          ) : null}
        </div>
      ))}
      {canEdit ? (
        <form
          className="tt-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (tooLong) return;
            if (newItem.trim()) change([...items, { text: newItem.trim(), done: false }]);
            setNewItem('');
          }}
        >
          <Input label={t('newItem')} id="check-new" value={newItem} onChange={(e) => setNewItem(e.target.value)} error={tooLong} data-testid="check-new" />
          <Button type="submit" size="small" variant="secondary">
            {t('add')}
          </Button>
        </form>
      ) : null}
    </fieldset>
  );
}
