import { useState } from 'react';
import type { ChatRoom } from '@intranet/chat-contract';
import type { User } from '@intranet/people-contract';
import { isApiError } from '@intranet/web-api';
import { useErrorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Alert, Button, ConfirmDialog, Modal } from '@intranet/web-ui';
import { deleteRoom } from './api/room-delete.ts';
import { leaveRoom } from './api/room-leave.ts';
import { useChangeMembers } from './api/room-update.ts';
import { ChatAvatar } from './ChatAvatar.tsx';
import { chatText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { RenameForm } from './RenameForm.tsx';

/** Room settings: rename and members (the owner of a group), leave (a group), delete (the owner, or either side of a direct chat). */
export function RoomSettings({ open, room, onClose, onGone }: { open: boolean; room: ChatRoom; onClose: () => void; onGone: () => void }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const errorTextOf = useErrorText();
  const owner = room.owner === uid;
  const [adding, setAdding] = useState<User[]>([]);
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const members = useChangeMembers(room._id);
  const change = (c: { add?: string[]; remove?: string[] }) => members.mutate(c, { onSuccess: () => setAdding([]) });
  return (
    <Modal open={open} onClose={onClose} title={t('settings')} testId="chat-settings-dialog">
      {!room.direct && owner ? <RenameForm room={room} open={open} /> : null}
      <h2 className="chat-list__heading">{t('membersTitle')}</h2>
      <ul className="chat-members" data-testid="chat-members">
        {room.members.map((m) => (
          <li key={m._id}>
            <ChatAvatar name={m.name} src={m.avatar} />
            <span className="chat-members__name">
              {m.name}
              {m.owner ? <span className="chat-muted"> · {t('owner')}</span> : null}
              {m.deleted ? <span className="chat-muted"> · {t('deleted')}</span> : null}
            </span>
            {owner && !room.direct && m._id !== uid ? (
              <Button size="small" variant="ghost" onClick={() => change({ remove: [m._id] })} data-testid={`chat-remove-${m._id}`}>
                {t('remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner && !room.direct ? (
        <div className="chat-settings__add">
          <PeoplePicker chosen={adding} onChange={setAdding} exclude={room.members.map((m) => m._id)} />
          <Button
            size="small"
            disabled={!adding.length}
            loading={members.isPending}
            onClick={() => change({ add: adding.map((u) => u._id) })}
            data-testid="chat-add-members"
          >
            {t('add')}
          </Button>
        </div>
      ) : null}
      {isApiError(members.error) ? <Alert kind="error">{errorTextOf(members.error.fields[0] ?? members.error)}</Alert> : null}
      <div className="chat-settings__danger">
        {!room.direct ? (
          <Button variant="secondary" onClick={() => setConfirm('leave')} data-testid="chat-leave">
            {t('leave')}
          </Button>
        ) : null}
        {room.direct || owner ? (
          <Button variant="danger" onClick={() => setConfirm('delete')} data-testid="chat-delete-room">
            {t('deleteRoom')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={!!confirm}
        message={confirm === 'leave' ? t('leaveConfirm') : t('deleteRoomConfirm')}
        confirmLabel={confirm === 'leave' ? t('leave') : t('deleteRoom')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm === 'leave') await leaveRoom(room._id);
          else await deleteRoom(room._id);
          setConfirm(null);
          onClose();
          onGone();
        }}
      />
    </Modal>
  );
}
