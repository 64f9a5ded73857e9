import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { chatRoutes } from '@intranet/chat-contract';
import type { User } from '@intranet/people-contract';
import { FormError, useApiForm } from '@intranet/web-forms';
import { Alert, Button, Input, Modal } from '@intranet/web-ui';
import { useCreateRoom } from './api/room-create.ts';
import { chatText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

/**
 * "New group": a name and members (POST api/chat/room), a `useApiForm` over the route's body — 'Field is required'
 * for a missing name or no members, 'Max 100 symbols' and the server's errors worded under the name or above the
 * members; opens the new room. Test ids: chat-group-dialog, chat-group-name, chat-group-create.
 */
export function NewGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = chatText.useT();
  const navigate = useNavigate();
  const formId = useId();
  const create = useCreateRoom();
  const [chosen, setChosen] = useState<User[]>([]);
  const form = useApiForm({
    schema: chatRoutes.roomCreate.body,
    defaultValues: { direct: false, name: '', members: [] },
    onSubmit: async (values) => {
      const room = await create.mutateAsync(values);
      form.reset();
      setChosen([]);
      onClose();
      navigate(`/chat/${room._id}`);
    },
  });
  const choose = (users: User[]) => {
    setChosen(users);
    form.setValue(
      'members',
      users.map((u) => u._id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };
  const membersError = form.errorOf('members');
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!form.busy}
      title={t('newGroup')}
      testId="chat-group-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={form.busy} data-testid="chat-group-create">
            {t('create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate aria-busy={form.busy || undefined} onSubmit={(e) => void form.submit(e)}>
        <Input label={t('name')} {...form.field('name')} maxLength={100} data-testid="chat-group-name" />
        <PeoplePicker chosen={chosen} onChange={choose} />
        {membersError ? <Alert kind="error">{membersError}</Alert> : null}
        <FormError form={form} />
      </form>
    </Modal>
  );
}
