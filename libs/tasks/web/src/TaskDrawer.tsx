import type { Board } from '@intranet/tasks-contract';
import { Loader, Modal } from '@intranet/web-ui';
import { useTask } from './api/task-get.ts';
import { LoadError } from './common.tsx';
import { tasksText } from './locales.ts';
import { TaskForm } from './TaskForm.tsx';

/**
 * The task drawer (§3 Task, every field): name, description, colour and border, priority, type, tags, checklist
 * (saved as it changes), attachments (POST api/upload), plan and actual hours, performer, co-performers, observers,
 * deadline; move to a lane (the keyboard-free alternative to dragging); delete with confirmation. Editors change
 * everything, performer and co-performers the type, checklist and actual hours, others read.
 */
export function TaskDrawer({ taskId, board, names, onClose }: { taskId: string; board: Board; names: Map<string, string>; onClose: () => void }) {
  const { t } = tasksText.useT();
  const q = useTask(taskId);
  return (
    <Modal open onClose={onClose} title={q.data?.name ?? t('task')} width={720} testId="task-drawer">
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <LoadError error={q.error} />
      ) : (
        // Keyed by the task, not its version: a refetch (a checklist save, a move) keeps what is being typed.
        <TaskForm key={q.data._id} task={q.data} board={board} names={names} onClose={onClose} />
      )}
    </Modal>
  );
}
