import { useEffect } from 'react';
import { chatRoutes, type ChatRoom } from '@intranet/chat-contract';
import { FormError, useApiForm } from '@intranet/web-forms';
import { Button, Input } from '@intranet/web-ui';
import { updateRoom, useRoomUpdated } from './api/room-update.ts';
import { chatText } from './locales.ts';

/**
 * The owner renames a group room (PUT api/chat/room), a `useApiForm` over the route's body: 'Field is required' and
 * 'Max 100 symbols' (and the server's field errors) under the name, other errors below the form. The name starts
 * from the room's each time the dialog opens. Test ids: chat-rename, chat-rename-save.
 */
export function RenameForm({ room, open }: { room: ChatRoom; open: boolean }) {
  const { t } = chatText.useT();
  const updated = useRoomUpdated();
  const form = useApiForm({
    schema: chatRoutes.roomUpdate.body,
    defaultValues: { _id: room._id, name: room.name },
    onSubmit: async (values) => updated(await updateRoom(values)),
  });
  const { reset } = form;
  useEffect(() => reset({ _id: room._id, name: room.name }), [reset, room._id, room.name, open]);
  return (
    <>
      <form className="chat-settings__name" noValidate aria-busy={form.busy || undefined} onSubmit={(e) => void form.submit(e)}>
        <Input label={t('name')} {...form.field('name')} maxLength={100} data-testid="chat-rename" />
        <Button type="submit" size="small" loading={form.busy} data-testid="chat-rename-save">
          {t('save')}
        </Button>
      </form>
      <FormError form={form} />
    </>
  );
}
