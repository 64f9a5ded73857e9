import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '@intranet/platform-contracts';
import { deskFieldsSchema, laneNameSchema, type Board } from '@intranet/tasks-contract';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button, ConfirmDialog, Input, Modal } from '@intranet/web-ui';
import { deleteDesk } from './api/desk-delete.ts';
import { updateDesk } from './api/desk-update.ts';
import { taskKeys } from './api/keys.ts';
import { useMe, useUserNames, UserPicker, type PickedUser } from './common.tsx';
import { DeleteLane, type LaneDraft } from './DeleteLane.tsx';
import { tasksText } from './locales.ts';

/** The settings form: the contract's board fields and lane names (`tasks`: the lane's task count, not sent). */
const settingsSchema = z.object({
  name: deskFieldsSchema.shape.name,
  description: deskFieldsSchema.shape.description,
  lanes: z.array(z.object({ _id: z.string().optional(), name: laneNameSchema, tasks: z.number() })),
});

/** Where a server field error of PUT api/desk/{id} is shown: name, description, a lane's name; others above the form. */
const settingsField = (f: string): string | null =>
  f === 'name' || f === 'description' ? f : /^lanes\.\d+\.(name|_id)$/.test(f) ? f.replace(/_id$/, 'name') : null;

/**
 * Board settings (owner, admins): name, description, lanes (add, rename, reorder with buttons), admins and members
 * with view or comment rights — one `useApiForm` over the contract's fields, errors worded under their field;
 * deleting a lane asks what happens to its tasks (move to another lane or delete) and deleting the board (owner)
 * asks for confirmation.
 */
export function BoardSettings({ board, onClose }: { board: Board; onClose: () => void }) {
  const { t } = tasksText.useT();
  const qc = useQueryClient();
  const nav = useNavigate();
  const { uid } = useMe();
  const names = useUserNames([...board.admins, ...board.members.map((m) => m.user)]);
  const pick = (ids: string[]): PickedUser[] => ids.map((id) => ({ _id: id, name: names.get(id) ?? id }));
  // People pickers stay null until changed, so names that load later still show in the untouched ones.
  const [admins, setAdmins] = useState<PickedUser[] | null>(null);
  const [commenters, setCommenters] = useState<PickedUser[] | null>(null);
  const [viewers, setViewers] = useState<PickedUser[] | null>(null);
  const [dropLane, setDropLane] = useState<LaneDraft | null>(null);
  const [deleteBoard, setDeleteBoard] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: taskKeys.all });
  const membersWith = (right: 'comment' | 'view') => board.members.filter((m) => m.right === right).map((m) => m.user);

  const form = useApiForm({
    schema: settingsSchema,
    defaultValues: {
      name: board.name,
      description: board.description,
      lanes: board.lanes.map((l) => ({ _id: l._id, name: l.name, tasks: l.tasks_count })),
    },
    serverField: settingsField,
    onSubmit: async (v) => {
      await updateDesk(board._id, {
        name: v.name,
        description: v.description,
        lanes: v.lanes.map((l) => (l._id ? { _id: l._id, name: l.name } : { name: l.name })),
        ...(admins ? { admins: admins.map((a) => a._id) } : {}),
        ...(commenters || viewers
          ? {
              members: [
                ...(commenters ?? pick(membersWith('comment'))).map((u) => ({ user: u._id, right: 'comment' as const })),
                ...(viewers ?? pick(membersWith('view'))).map((u) => ({ user: u._id, right: 'view' as const })),
              ],
            }
          : {}),
      });
      await refresh();
      onClose();
    },
  });
  // Lanes are controlled rows of the form's `lanes` value (renamed, swapped, added, removed in place).
  const lanes = form.watch('lanes');
  const setLanes = (next: LaneDraft[]) => form.setValue('lanes', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const swap = (i: number, j: number) => {
    const out = [...lanes];
    [out[i], out[j]] = [out[j]!, out[i]!];
    setLanes(out);
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!form.busy}
      title={t('settings')}
      width={720}
      testId="desk-settings-form"
      footer={
        <>
          {board.owner === uid ? (
            <Button variant="danger" onClick={() => setDeleteBoard(true)} data-testid="desk-delete">
              {t('deleteBoard')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="desk-settings-edit" loading={form.busy} data-testid="desk-settings-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="desk-settings-edit" errorTestId="desk-settings-error">
        <FormField form={form} name="name" id="desk-settings-name" label={t('name')} wide />
        <FormField form={form} name="description" id="desk-settings-description" label={t('description')} rows={2} wide />
        <fieldset className="tt-lanes-edit" data-testid="lanes-edit">
          <legend>{t('lanes')}</legend>
          {lanes.map((l, i) => (
            <div key={l._id ?? `new-${i}`} className="tt-row">
              <Input
                label={t('laneN', { n: i + 1 })}
                id={`lane-name-${i}`}
                value={l.name}
                onChange={(e) => setLanes(lanes.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
                error={form.errorOf(`lanes.${i}.name`)}
              />
              <Button size="tiny" variant="ghost" disabled={i === 0} onClick={() => swap(i, i - 1)} aria-label={t('moveUp', { name: l.name })}>
                ↑
              </Button>
              <Button size="tiny" variant="ghost" disabled={i === lanes.length - 1} onClick={() => swap(i, i + 1)} aria-label={t('moveDown', { name: l.name })}>
                ↓
              </Button>
              <Button
                size="tiny"
                variant="ghost"
                onClick={() => (l._id ? setDropLane(l) : setLanes(lanes.filter((_, j) => j !== i)))}
                aria-label={t('deleteLane', { name: l.name })}
                data-testid={`lane-delete-${i}`}
              >
                ×
              </Button>
            </div>
          ))}
          <Button size="small" variant="secondary" onClick={() => setLanes([...lanes, { name: t('newLane'), tasks: 0 }])} data-testid="lane-new">
            {t('addLane')}
          </Button>
        </fieldset>
      </ApiFormView>
      <UserPicker label={t('admins')} value={admins ?? pick(board.admins)} onChange={setAdmins} testId="settings-admins" />
      <UserPicker label={t('commenters')} value={commenters ?? pick(membersWith('comment'))} onChange={setCommenters} testId="settings-commenters" />
      <UserPicker label={t('viewers')} value={viewers ?? pick(membersWith('view'))} onChange={setViewers} testId="settings-viewers" />

      {dropLane ? (
        <DeleteLane
          board={board}
          lane={dropLane}
          onDone={async () => {
            setLanes(form.getValues('lanes').filter((x) => x._id !== dropLane._id));
            setDropLane(null);
            await refresh();
          }}
          onCancel={() => setDropLane(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleteBoard}
        message={t('deleteBoardConfirm', { name: board.name, count: board.tasks.length })}
        onConfirm={async () => {
          await deleteDesk(board._id);
          await refresh();
          void nav('/task-tracker/');
        }}
        onCancel={() => setDeleteBoard(false)}
      />
    </Modal>
  );
}
