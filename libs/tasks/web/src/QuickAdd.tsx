import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '@intranet/platform-contracts';
import { taskFieldsSchema } from '@intranet/tasks-contract';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button, Modal } from '@intranet/web-ui';
import { taskKeys } from './api/keys.ts';
import { addTask } from './api/task-add.ts';
import { tasksText } from './locales.ts';

const quickAddSchema = z.object({ name: taskFieldsSchema.shape.name });

/** "+" of a lane: a task with a name (more in the drawer), on top of the lane. */
export function QuickAdd({ deskId, laneId, onClose }: { deskId: string; laneId: string; onClose: () => void }) {
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const [, setSearch] = useSearchParams();
  const form = useApiForm({
    schema: quickAddSchema,
    defaultValues: { name: '' },
    onSubmit: async ({ name }) => {
      const x = await addTask(deskId, laneId, name);
      await qc.invalidateQueries({ queryKey: taskKeys.board(deskId) });
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
