import { useState } from 'react';
import { useNavigate } from 'react-router';
import { wallText } from './locales.ts';
import { openDirectChat } from './api/chat-create.ts';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Button, useNotifier, type ButtonSize } from '@intranet/web-ui';

/**
 * "Write" to a colleague (issue 16: a direct chat from a profile or the address book): POST api/chat/room {direct,
 * members: [userId]} opens the existing direct room or creates it, then goes to /chat/{_id}. Shown only with the
 * `chat` right, the client's chat feature on, and for someone else. Test id: write-<userId>.
 */
export function WriteButton({ userId, name, size = 'normal' }: { userId: string; name: string; size?: ButtonSize }) {
  const { t } = wallText.useT();
  const { uid, client, hasRight } = useSession();
  const navigate = useNavigate();
  const notify = useNotifier();
  const [busy, setBusy] = useState(false);
  const off = client?.features?.some((f) => f.feature === 'chat' && !f.active);
  if (!uid || uid === userId || !client || off || !hasRight('chat')) return null;
  const open = async () => {
    setBusy(true);
    try {
      const room = await openDirectChat(userId);
      navigate(`/chat/${room._id}`);
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size={size}
      loading={busy}
      onClick={() => void open()}
      aria-label={t('profile.writeTo', { name })}
      data-testid={`write-${userId}`}
    >
      {t('profile.write')}
    </Button>
  );
}
