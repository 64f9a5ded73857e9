import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '@intranet/platform-contracts';
import { deskFieldsSchema, tasksRoutes } from '@intranet/tasks-contract';
import { ApiFormView, FormField, useApiForm } from '@intranet/web-forms';
import { Button, Modal } from '@intranet/web-ui';
import { createDesk } from './api/desk-create.ts';
import { taskKeys } from './api/keys.ts';
import { UserPicker, type PickedUser } from './common.tsx';
import { tasksText } from './locales.ts';

/** The new-board form: the contract's board fields, lanes typed one per line. */
const newBoardSchema = z.object({
  name: deskFieldsSchema.shape.name,
  description: deskFieldsSchema.shape.description,
  lanes: z.string().transform((text, ctx) => {
    const r = tasksRoutes.deskCreate.body.shape.lanes.safeParse(
      text
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean),
    );
    if (r.success) return r.data ?? [];
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
    return z.NEVER;
  }),
});

/**
 * New board: name, description, lanes (prefilled To do / In progress / Done in the user's language), admins and
 * members — one `useApiForm`, errors worded under their field (a lane's error under the lanes).
 */
export function NewBoard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = tasksText.useT();
  const nav = useNavigate();
  const qc = useQueryClient();
  const [admins, setAdmins] = useState<PickedUser[]>([]);
  const [viewers, setViewers] = useState<PickedUser[]>([]);
  const [commenters, setCommenters] = useState<PickedUser[]>([]);
  const form = useApiForm({
    schema: newBoardSchema,
    defaultValues: { name: '', description: '', lanes: [t('defaultLanes.todo'), t('defaultLanes.doing'), t('defaultLanes.done')].join('\n') },
    serverField: (f) => (f === 'name' || f === 'description' ? f : f === 'lanes' || f.startsWith('lanes.') ? 'lanes' : null),
    onSubmit: async (v) => {
      const d = await createDesk({
        ...v,
        admins: admins.map((a) => a._id),
        members: [...commenters.map((u) => ({ user: u._id, right: 'comment' as const })), ...viewers.map((u) => ({ user: u._id, right: 'view' as const }))],
      });
      void qc.invalidateQueries({ queryKey: taskKeys.all });
      onClose();
      void nav(`/desk/${d._id}`);
    },
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!form.busy}
      title={t('newBoard')}
      testId="desk-form"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="desk-form-edit" loading={form.busy} data-testid="desk-form-submit">
            {t('create')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="desk-form-edit" errorTestId="desk-form-error">
        <FormField form={form} name="name" id="desk-form-name" label={t('name')} wide />
        <FormField form={form} name="description" id="desk-form-description" label={t('description')} rows={2} wide />
        <FormField form={form} name="lanes" id="desk-form-lanes" label={t('lanesOnePerLine')} rows={4} wide />
      </ApiFormView>
      <UserPicker label={t('admins')} value={admins} onChange={setAdmins} testId="desk-form-admins" />
      <UserPicker label={t('commenters')} value={commenters} onChange={setCommenters} testId="desk-form-commenters" />
      <UserPicker label={t('viewers')} value={viewers} onChange={setViewers} testId="desk-form-viewers" />
    </Modal>
  );
}
