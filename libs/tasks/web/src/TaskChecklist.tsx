import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { V, z } from '@intranet/platform-contracts';
import { TASKS_LIMITS, type Task } from '@intranet/tasks-contract';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button, Checkbox, useNotifier } from '@intranet/web-ui';
import { taskKeys } from './api/keys.ts';
import { taskGetQueryOptions } from './api/task-get.ts';
import { updateTask } from './api/task-update.ts';
import { errorText } from './common.tsx';
import { tasksText } from './locales.ts';

type Item = Task['checklist'][number] | { _id?: undefined; text: string; done: boolean };

/** The new item's text: a text over the limit is refused with the limit shown (never cut); an empty one adds nothing. */
const newItemSchema = z.object({ text: z.string().trim().max(TASKS_LIMITS.checkText, V.max(TASKS_LIMITS.checkText)) });

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

  const change = (next: Item[]) => {
    setItems(next);
    pending.current++;
    queue.current = queue.current.then(async () => {
      try {
        const body = { checklist: next.map((x) => ({ ...(x._id ? { _id: x._id } : {}), text: x.text, done: x.done })) };
        const r = await updateTask(task._id, body);
        saved.current = r.checklist;
        qc.setQueryData(taskGetQueryOptions(task._id).queryKey, r);
        // The server's ids replace the optimistic list once no later change waits to be sent.
        if (pending.current === 1) setItems(r.checklist);
        void qc.invalidateQueries({ queryKey: taskKeys.board(task.desk_id) });
      } catch (e) {
        setItems(saved.current);
        notify.error(t('checklistNotSaved', { reason: errorText(e) }));
      } finally {
        pending.current--;
      }
    });
  };

  // Checked as it is typed (live), so an over-long text shows its limit before anything is sent.
  const form = useApiForm({
    schema: newItemSchema,
    mode: 'onChange',
    defaultValues: { text: '' },
    onSubmit: ({ text }) => {
      if (text) change([...items, { text, done: false }]);
      form.reset({ text: '' });
    },
  });

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
        <ApiFormView form={form} className="tt-row">
          <FormField form={form} name="text" id="check-new" label={t('newItem')} />
          <Button type="submit" size="small" variant="secondary">
            {t('add')}
          </Button>
        </ApiFormView>
      ) : null}
    </fieldset>
  );
}
