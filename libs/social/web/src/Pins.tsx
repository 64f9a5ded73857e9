import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peopleRoutes, type PinnedUser, type User } from '@intranet/people-contract';
import { call } from '@intranet/web-api';
import { errorText, registerTranslations } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Button, ConfirmDialog, Input, Loader, useNotifier } from '@intranet/web-ui';
import { Avatar } from './common.tsx';
import { socialKeys } from './queries.ts';

const en = {
  title: 'Pinned employees',
  none: 'Nobody is pinned yet. Pin a colleague from their profile.',
  loadError: 'The pinned employees could not be loaded',
  slot: 'No. {{slot}}',
  up: 'Move up',
  down: 'Move down',
  unpin: 'Unpin',
  unpinConfirm: 'Take {{name}} off the wall?',
  pinTitle: 'Pin on the wall',
  pinnedAt: 'Pinned on the wall, slot {{slot}}',
  notPinned: 'Not pinned on the wall',
  slotLabel: 'Slot',
  slotHint: 'A taken slot swaps: its holder gets this person\'s slot',
  slotInvalid: 'Enter a slot from 1 to 99',
  pin: 'Pin',
  moveTo: 'Move',
  pinned: 'Pinned',
  unpinned: 'Unpinned',
};
const ru: typeof en = {
  title: 'Закреплённые сотрудники',
  none: 'Пока никто не закреплён. Закрепите коллегу в его профиле.',
  loadError: 'Не удалось загрузить закреплённых сотрудников',
  slot: '№ {{slot}}',
  up: 'Выше',
  down: 'Ниже',
  unpin: 'Открепить',
  unpinConfirm: 'Убрать {{name}} со стены?',
  pinTitle: 'Закрепить на стене',
  pinnedAt: 'Закреплён на стене, место {{slot}}',
  notPinned: 'Не закреплён на стене',
  slotLabel: 'Место',
  slotHint: 'Занятое место меняется: его владелец получает место этого сотрудника',
  slotInvalid: 'Введите место от 1 до 99',
  pin: 'Закрепить',
  moveTo: 'Переместить',
  pinned: 'Закреплён',
  unpinned: 'Откреплён',
};
const uk: typeof en = {
  title: 'Закріплені співробітники',
  none: 'Поки ніхто не закріплений. Закріпіть колегу в його профілі.',
  loadError: 'Не вдалося завантажити закріплених співробітників',
  slot: '№ {{slot}}',
  up: 'Вище',
  down: 'Нижче',
  unpin: 'Відкріпити',
  unpinConfirm: 'Прибрати {{name}} зі стіни?',
  pinTitle: 'Закріпити на стіні',
  pinnedAt: 'Закріплений на стіні, місце {{slot}}',
  notPinned: 'Не закріплений на стіні',
  slotLabel: 'Місце',
  slotHint: 'Зайняте місце міняється: його власник отримує місце цього співробітника',
  slotInvalid: 'Введіть місце від 1 до 99',
  pin: 'Закріпити',
  moveTo: 'Перемістити',
  pinned: 'Закріплено',
  unpinned: 'Відкріплено',
};
registerTranslations('wallPins', { en, ru, uk });

/** Highest slot the web offers (the server takes 0–10,000). */
const MAX_SLOT = 99;
const pinnedKey = (clientId: string) => ['social', 'pinned', clientId] as const;

/** GET api/user/pinned/{clientId}: the client's pinned employees in slot order (§4 pins). */
export function usePinned(clientId: string | null) {
  return useQuery({
    queryKey: pinnedKey(clientId ?? ''),
    queryFn: ({ signal }) => call(peopleRoutes.pinned, { params: { clientId: clientId! }, signal, silent: true }),
    enabled: !!clientId,
  });
}

/**
 * Pin changes (administrators): `pin` puts a user into a slot or unpins them (null; a taken slot swaps, §7 PUT
 * api/user/pin/{id}); `move` swaps two slots (§7 PUT api/user/pin_move). Refreshes the wall list and the changed
 * users' profiles; errors go to the error dialog.
 */
function usePinChange() {
  const qc = useQueryClient();
  const notifier = useNotifier();
  const refresh = (changed: User[]) => {
    void qc.invalidateQueries({ queryKey: ['social', 'pinned'] });
    for (const u of changed) qc.setQueryData(socialKeys.user(u._id), u);
  };
  const onError = (e: unknown) => notifier.error(errorText(e));
  const pin = useMutation({
    mutationFn: (v: { id: string; slot: number | null }) => call(peopleRoutes.pin, { params: { id: v.id }, body: { pinned_num: v.slot }, silent: true }),
    onSuccess: refresh,
    onError,
  });
  const move = useMutation({
    mutationFn: (v: { from: number; to: number }) => call(peopleRoutes.pinMove, { body: v, silent: true }),
    onSuccess: refresh,
    onError,
  });
  return { pin, move, busy: pin.isPending || move.isPending };
}

/**
 * The wall's "pinned employees" block (§4 pins): pinned people in slot order, each with avatar and a link to
 * their profile. Administrators move a person up or down (swapping slots with the neighbour, pin_move) and unpin
 * (after confirmation). Employees only see; an empty list is hidden from them. Test ids: pinned-widget,
 * pinned-<userId>, pinned-slot-<userId>, pinned-up-/down-/unpin-<userId>, pinned-empty, pinned-error.
 */
export function PinnedWidget() {
  const { t } = useTranslation('wallPins');
  const { client, isAdmin } = useSession();
  const q = usePinned(client?._id ?? null);
  const { pin, move, busy } = usePinChange();
  const [unpin, setUnpin] = useState<PinnedUser | null>(null);
  if (!isAdmin && (q.isPending || q.isError || q.data.length === 0)) return null;
  const list = q.data ?? [];
  return (
    <section className="wall-card wall-widget" data-testid="pinned-widget" aria-busy={busy || undefined}>
      <h3>📌 {t('title')}</h3>
      {q.isPending ? <Loader /> : q.isError ? <span className="wall-muted" role="alert" data-testid="pinned-error">{t('loadError')}: {errorText(q.error)}</span> : list.length === 0 ? (
        <span className="wall-muted" data-testid="pinned-empty">{t('none')}</span>
      ) : (
        <ol className="wall-pins" data-testid="pinned-list">
          {list.map((u, i) => (
            <li key={u._id} className="wall-row" data-testid={`pinned-${u._id}`}>
              <span className="wall-muted" data-testid={`pinned-slot-${u._id}`}>{t('slot', { slot: u.pinned_num })}</span>
              <Avatar id={u._id} name={u.fullName} src={u.avatar} size="small" />
              <span style={{ flex: 1 }}>
                <Link to={`/profile/${u._id}`}>{u.fullName}</Link>
                {u.position ? <><br /><span className="wall-muted">{u.position}</span></> : null}
              </span>
              {isAdmin ? (
                <span className="wall-row">
                  <Button size="tiny" variant="ghost" aria-label={t('up')} title={t('up')} disabled={i === 0 || busy} onClick={() => move.mutate({ from: u.pinned_num, to: list[i - 1]!.pinned_num })} data-testid={`pinned-up-${u._id}`}>↑</Button>
                  <Button size="tiny" variant="ghost" aria-label={t('down')} title={t('down')} disabled={i === list.length - 1 || busy} onClick={() => move.mutate({ from: u.pinned_num, to: list[i + 1]!.pinned_num })} data-testid={`pinned-down-${u._id}`}>↓</Button>
                  <Button size="tiny" variant="ghost" aria-label={t('unpin')} title={t('unpin')} disabled={busy} onClick={() => setUnpin(u)} data-testid={`pinned-unpin-${u._id}`}>✕</Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={!!unpin}
        message={t('unpinConfirm', { name: unpin?.fullName ?? '' })}
        confirmLabel={t('unpin')}
        onCancel={() => setUnpin(null)}
        onConfirm={async () => {
          if (!unpin) return;
          await pin.mutateAsync({ id: unpin._id, slot: null });
          setUnpin(null);
        }}
        testId="pinned-unpin-confirm"
      />
    </section>
  );
}

/**
 * On a profile, for administrators: the person's slot on the wall, a slot field to pin or move them (a taken
 * slot swaps, §7 PUT api/user/pin/{id}) and Unpin (after confirmation). Test ids: pin-control, pin-state,
 * pin-slot, pin-submit, pin-unpin.
 */
export function PinControl({ user }: { user: User }) {
  const { t } = useTranslation('wallPins');
  const notifier = useNotifier();
  const { pin, busy } = usePinChange();
  const [slot, setSlot] = useState(user.pinned_num ? String(user.pinned_num) : '');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const submit = () => {
    const n = Number(slot);
    if (!/^\d+$/.test(slot.trim()) || n < 1 || n > MAX_SLOT) return setError(t('slotInvalid'));
    setError(null);
    pin.mutate({ id: user._id, slot: n }, { onSuccess: () => notifier.toast(t('pinned')) });
  };
  return (
    <section className="wall-card wall-widget" data-testid="pin-control">
      <h3>📌 {t('pinTitle')}</h3>
      <p className="wall-muted" data-testid="pin-state">{user.pinned_num !== null ? t('pinnedAt', { slot: user.pinned_num }) : t('notPinned')}</p>
      <form
        className="wall-row"
        style={{ alignItems: 'flex-end' }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input id="pin-slot" data-testid="pin-slot" type="number" min={1} max={MAX_SLOT} inputMode="numeric" label={t('slotLabel')} hint={t('slotHint')} error={error} value={slot} onChange={(e) => setSlot(e.target.value)} />
        <Button type="submit" loading={pin.isPending} disabled={busy} data-testid="pin-submit">{user.pinned_num !== null ? t('moveTo') : t('pin')}</Button>
        {user.pinned_num !== null ? <Button variant="secondary" disabled={busy} onClick={() => setConfirm(true)} data-testid="pin-unpin">{t('unpin')}</Button> : null}
      </form>
      <ConfirmDialog
        open={confirm}
        message={t('unpinConfirm', { name: user.fullName })}
        confirmLabel={t('unpin')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          await pin.mutateAsync({ id: user._id, slot: null });
          setConfirm(false);
          setSlot('');
          notifier.toast(t('unpinned'));
        }}
        testId="pin-unpin-confirm"
      />
    </section>
  );
}
