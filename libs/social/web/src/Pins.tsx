import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import { peopleRoutes, type PinnedUser, type User } from '@intranet/people-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Button, ConfirmDialog, Loader, useNotifier } from '@intranet/web-ui';
import { Avatar } from './common.tsx';
import { socialKeys } from './api/keys.ts';
import { profileKey } from './api/people-get.ts';
import { movePin } from './api/people-pin-move.ts';
import { pinUser } from './api/people-pin.ts';
import { usePinned } from './api/people-pinned.ts';

/** Highest slot the web offers (the server takes 0–10,000). */
const MAX_SLOT = 99;

/**
 * Pin changes (administrators): `pin` puts a user into a slot or unpins them (null; a taken slot swaps, §7 PUT
 * api/user/pin/{id}); `move` swaps two slots (§7 PUT api/user/pin_move). Refreshes the wall list and the changed
 * users' profiles (`refresh`, also for the slot form's own call); errors of these two go to the error dialog.
 */
function usePinChange() {
  const qc = useQueryClient();
  const notifier = useNotifier();
  const refresh = (changed: User[]) => {
    void qc.invalidateQueries({ queryKey: socialKeys.pinned() });
    for (const u of changed) qc.setQueryData(profileKey(u._id), u);
  };
  const onError = (e: unknown) => notifier.error(errorText(e));
  const pin = useMutation({
    mutationFn: (v: { id: string; slot: number | null }) => pinUser(v.id, v.slot),
    onSuccess: refresh,
    onError,
  });
  const move = useMutation({
    mutationFn: movePin,
    onSuccess: refresh,
    onError,
  });
  return { pin, move, refresh, busy: pin.isPending || move.isPending };
}

/**
 * The wall's "pinned employees" block (§4 pins): pinned people in slot order, each with avatar and a link to
 * their profile. Administrators move a person up or down (swapping slots with the neighbour, pin_move) and unpin
 * (after confirmation). Employees only see; an empty list is hidden from them. Test ids: pinned-widget,
 * pinned-<userId>, pinned-slot-<userId>, pinned-up-/down-/unpin-<userId>, pinned-empty, pinned-error.
 */
export function PinnedWidget() {
  const { t } = wallText.useT();
  const { client, isAdmin } = useSession();
  const q = usePinned(client?._id ?? null);
  const { pin, move, busy } = usePinChange();
  const [unpin, setUnpin] = useState<PinnedUser | null>(null);
  if (!isAdmin && (q.isPending || q.isError || q.data.length === 0)) return null;
  const list = q.data ?? [];
  return (
    <section className="wall-card wall-widget" data-testid="pinned-widget" aria-busy={busy || undefined}>
      <h3>📌 {t('pins.title')}</h3>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <span className="wall-muted" role="alert" data-testid="pinned-error">
          {t('pins.loadError')}: {errorText(q.error)}
        </span>
      ) : list.length === 0 ? (
        <span className="wall-muted" data-testid="pinned-empty">
          {t('pins.none')}
        </span>
      ) : (
        <ol className="wall-pins" data-testid="pinned-list">
          {list.map((u, i) => (
            <li key={u._id} className="wall-row" data-testid={`pinned-${u._id}`}>
              <span className="wall-muted" data-testid={`pinned-slot-${u._id}`}>
                {t('pins.slot', { slot: u.pinned_num })}
              </span>
              <Avatar id={u._id} name={u.fullName} src={u.avatar} size="small" />
              <span style={{ flex: 1 }}>
                <Link to={`/profile/${u._id}`}>{u.fullName}</Link>
                {u.position ? (
                  <>
                    <br />
                    <span className="wall-muted">{u.position}</span>
                  </>
                ) : null}
              </span>
              {isAdmin ? (
                <span className="wall-row">
                  <Button
                    size="tiny"
                    variant="ghost"
                    aria-label={t('pins.up')}
                    title={t('pins.up')}
                    disabled={i === 0 || busy}
                    onClick={() => move.mutate({ from: u.pinned_num, to: list[i - 1]!.pinned_num })}
                    data-testid={`pinned-up-${u._id}`}
                  >
                    ↑
                  </Button>
                  <Button
                    size="tiny"
                    variant="ghost"
                    aria-label={t('pins.down')}
                    title={t('pins.down')}
                    disabled={i === list.length - 1 || busy}
                    onClick={() => move.mutate({ from: u.pinned_num, to: list[i + 1]!.pinned_num })}
                    data-testid={`pinned-down-${u._id}`}
                  >
                    ↓
                  </Button>
                  <Button
                    size="tiny"
                    variant="ghost"
                    aria-label={t('pins.unpin')}
                    title={t('pins.unpin')}
                    disabled={busy}
                    onClick={() => setUnpin(u)}
                    data-testid={`pinned-unpin-${u._id}`}
                  >
                    ✕
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={!!unpin}
        message={t('pins.unpinConfirm', { name: unpin?.fullName ?? '' })}
        confirmLabel={t('pins.unpin')}
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
 * The slot form's schema: the field's text, a whole number 1–MAX_SLOT (`invalid`, worded in the user's language,
 * otherwise), piped into the contract's `pinned_num` of PUT api/user/pin/{id}.
 */
function slotSchema(invalid: string) {
  return z.object({
    slot: z
      .string()
      .trim()
      .regex(/^\d+$/, invalid)
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_SLOT, invalid)
      .pipe(peopleRoutes.userPin.body.shape.pinned_num.unwrap()),
  });
}

/**
 * On a profile, for administrators: the person's slot on the wall, a slot field to pin or move them (a taken
 * slot swaps, §7 PUT api/user/pin/{id}; one `useApiForm`: the slot's error under it, others above the form, in the
 * user's language) and Unpin (after confirmation). Test ids: pin-control, pin-state, pin-slot, pin-submit,
 * pin-unpin, pin-error.
 */
export function PinControl({ user }: { user: User }) {
  const { t } = wallText.useT();
  const notifier = useNotifier();
  const { pin, busy, refresh } = usePinChange();
  const [confirm, setConfirm] = useState(false);
  const invalid = t('pins.slotInvalid');
  const schema = useMemo(() => slotSchema(invalid), [invalid]);
  const form = useApiForm({
    schema,
    defaultValues: { slot: user.pinned_num ? String(user.pinned_num) : '' },
    serverField: (f) => (f === 'pinned_num' ? 'slot' : null),
    onSubmit: async ({ slot }) => {
      refresh(await pinUser(user._id, slot));
      notifier.toast(t('pins.pinned'));
    },
  });
  return (
    <section className="wall-card wall-widget" data-testid="pin-control">
      <h3>📌 {t('pins.pinTitle')}</h3>
      <p className="wall-muted" data-testid="pin-state">
        {user.pinned_num !== null ? t('pins.pinnedAt', { slot: user.pinned_num }) : t('pins.notPinned')}
      </p>
      <ApiFormView form={form} errorTestId="pin-error" aria-label={t('pins.pinTitle')}>
        <div className="wall-row" style={{ alignItems: 'flex-end' }}>
          <FormField
            form={form}
            name="slot"
            id="pin-slot"
            type="number"
            min={1}
            max={MAX_SLOT}
            inputMode="numeric"
            label={t('pins.slotLabel')}
            hint={t('pins.slotHint')}
          />
          <SubmitRow form={form} label={user.pinned_num !== null ? t('pins.moveTo') : t('pins.pin')} disabled={busy} testId="pin-submit">
            {user.pinned_num !== null ? (
              <Button variant="secondary" disabled={busy || form.busy} onClick={() => setConfirm(true)} data-testid="pin-unpin">
                {t('pins.unpin')}
              </Button>
            ) : null}
          </SubmitRow>
        </div>
      </ApiFormView>
      <ConfirmDialog
        open={confirm}
        message={t('pins.unpinConfirm', { name: user.fullName })}
        confirmLabel={t('pins.unpin')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          await pin.mutateAsync({ id: user._id, slot: null });
          setConfirm(false);
          form.reset({ slot: '' });
          notifier.toast(t('pins.unpinned'));
        }}
        testId="pin-unpin-confirm"
      />
    </section>
  );
}
