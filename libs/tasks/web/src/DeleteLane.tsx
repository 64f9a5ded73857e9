import { z } from '@intranet/platform-contracts';
import type { Board } from '@intranet/tasks-contract';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button, Modal } from '@intranet/web-ui';
import { deleteLane } from './api/lane-delete.ts';
import { tasksText } from './locales.ts';

/** A lane as the settings form edits it (`tasks`: its task count, not sent). */
export type LaneDraft = { _id?: string; name: string; tasks: number };

/** The dialog's choice: what happens to the lane's tasks, and the lane they move to. */
const deleteLaneSchema = z.object({ tasks: z.enum(['move', 'delete']), to: z.string() });

/**
 * §4 deleting a lane (DELETE api/task_tracker/{desk_id}/lane/{lane_id}): an empty one after a confirmation; one with
 * tasks asks to move them to another lane or delete them. One `useApiForm`: a refusal naming `to` shows under the lane
 * picker, any other above the form.
 */
export function DeleteLane({ board, lane, onDone, onCancel }: { board: Board; lane: LaneDraft; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = tasksText.useT();
  const others = board.lanes.filter((l) => l._id !== lane._id);
  const form = useApiForm({
    schema: deleteLaneSchema,
    defaultValues: { tasks: others.length ? 'move' : 'delete', to: others[0]?._id ?? '' },
    serverField: (f) => (f === 'to' ? 'to' : null),
    onSubmit: async (v) => {
      await deleteLane(board._id, lane._id!, lane.tasks ? (v.tasks === 'move' ? { tasks: 'move', to: v.to } : { tasks: 'delete' }) : {});
      await onDone();
    },
  });
  const choice = form.watch('tasks');
  return (
    <Modal
      open
      onClose={onCancel}
      dismissible={!form.busy}
      title={t('deleteLane', { name: lane.name })}
      testId="lane-delete-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="lane-delete-form" variant="danger" loading={form.busy} data-testid="lane-delete-ok">
            {t('delete')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="lane-delete-form">
        {lane.tasks ? (
          <>
            <p>{t('laneHasTasks', { count: lane.tasks })}</p>
            <FormField
              form={form}
              name="tasks"
              id="lane-delete-choice"
              label={t('laneTasksChoice')}
              choices={[
                ...(others.length ? [{ value: 'move', label: t('moveTasks') }] : []),
                { value: 'delete', label: t('deleteTasks', { count: lane.tasks }) },
              ]}
            />
            {choice === 'move' ? (
              <FormField form={form} name="to" id="lane-delete-to" label={t('moveTo')} choices={others.map((l) => ({ value: l._id, label: l.name }))} />
            ) : null}
          </>
        ) : (
          <p>{t('laneEmptyConfirm')}</p>
        )}
      </ApiFormView>
    </Modal>
  );
}
