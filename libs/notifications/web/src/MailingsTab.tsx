import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAILING_ACTIONS, mailingRoutes, type Mailing } from '@intranet/notifications-contract/mailing';
import { call } from '@intranet/web-api';
import { errorText, formatDateTime } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Alert, Badge, Button, Checkbox, ConfirmDialog, EmptyState, ErrorState, FormGrid, Input, Loader, Select, useNotifier } from '@intranet/web-ui';

const KEY = ['notifications', 'mailings'] as const;
const EMPTY = { action: MAILING_ACTIONS[0] as string, schedule: '0 9 * * 1', active: true };

/**
 * §2 /notifications → mailings (administrators): the workspace's mailings (§7 GET api/mailing) with their job state
 * and next slot, start/stop (PUT api/mailing/restartJob|stopJob/{workspace}_{action}), and a form to create or
 * change one (POST / PUT api/mailing/{id}: §4 a changed schedule restarts the job). Test ids: notif-mailings,
 * notif-mailing-<id>, mailing-form, mailing-action, mailing-schedule, mailing-active, mailing-save.
 */
export function MailingsTab() {
  const { t } = useTranslation('notifications');
  const { workspace } = useSession();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [editing, setEditing] = useState<Mailing | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [removing, setRemoving] = useState<Mailing | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(mailingRoutes.mailingList, { query: {}, signal, silent: true }) });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const save = useMutation({
    mutationFn: () =>
      editing
        ? call(mailingRoutes.mailingUpdate, { params: { id: editing._id }, body: form, silent: true })
        : call(mailingRoutes.mailingCreate, { body: form, silent: true }),
    onSuccess: async () => {
      notifier.toast(t('mailings.saved'), 'success');
      setEditing(null);
      setForm(EMPTY);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (m: Mailing) =>
      call(m.active ? mailingRoutes.mailingStopJob : mailingRoutes.mailingRestartJob, { params: { workspace: workspace ?? m.workspace, action: m.action }, silent: true }),
    onSettled: () => void refresh(),
    onError: (err) => notifier.toast(errorText(err), 'error'),
  });
  const remove = useMutation({
    mutationFn: (m: Mailing) => call(mailingRoutes.mailingRemove, { params: { id: m._id }, silent: true }),
    onSettled: () => {
      setRemoving(null);
      void refresh();
    },
    onError: (err) => notifier.toast(errorText(err), 'error'),
  });
  const fieldError = (field: string) => {
    const e = save.error as { errors?: { field: string }[] } | null;
    return e?.errors?.some((x) => x.field === field) ? errorText(save.error) : undefined;
  };
  return (
    <section data-testid="notif-mailings">
      <h2>{t('mailings.title')}</h2>
      <p className="notif__hint">{t('mailings.hint')}</p>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('mailings.empty')} testId="notif-mailings-empty" />
      ) : (
        <ul className="notif__list">
          {list.data.map((m) => (
            <li key={m._id} className="notif__item ui-card" data-testid={`notif-mailing-${m._id}`}>
              <div className="notif__head">
                <span className="notif__title">{t(`mailings.actions.${m.action}`, { defaultValue: m.action })}</span>
                <Badge>{m.running ? t('mailings.running') : t('mailings.stopped')}</Badge>
              </div>
              <div className="notif__meta">
                <code>{m.schedule}</code>
                {m.next ? <span>{t('mailings.next', { at: formatDateTime(m.next) })}</span> : null}
                {m.last_run ? <span>{t('mailings.last', { at: formatDateTime(m.last_run) })}</span> : null}
                <Button size="small" variant="secondary" onClick={() => toggle.mutate(m)} disabled={toggle.isPending} data-testid={`mailing-toggle-${m._id}`}>
                  {m.active ? t('mailings.stop') : t('mailings.start')}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => {
                    setEditing(m);
                    setForm({ action: m.action, schedule: m.schedule, active: m.active });
                  }}
                >
                  {t('templates.edit')}
                </Button>
                <Button size="small" variant="secondary" onClick={() => setRemoving(m)}>
                  {t('templates.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>{editing ? t('mailings.editTitle') : t('mailings.new')}</h3>
      <form
        className="ui-card"
        data-testid="mailing-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <FormGrid>
          <Select
            id="mailing-action"
            label={t('mailings.action')}
            value={form.action}
            onChange={(e) => setForm({ ...form, action: e.target.value })}
            options={MAILING_ACTIONS.map((a) => ({ value: a, label: t(`mailings.actions.${a}`) }))}
            error={fieldError('action')}
            data-testid="mailing-action"
          />
          <Input
            id="mailing-schedule"
            label={t('mailings.schedule')}
            hint={t('mailings.scheduleHint')}
            value={form.schedule}
            required
            onChange={(e) => setForm({ ...form, schedule: e.target.value })}
            error={fieldError('schedule')}
            data-testid="mailing-schedule"
          />
          <Checkbox
            label={t('mailings.active')}
            checked={form.active}
            onChange={(e) => setForm({ ...form, active: e.target.checked })}
            data-testid="mailing-active"
          />
        </FormGrid>
        {save.isError && !fieldError('schedule') && !fieldError('action') ? <Alert>{errorText(save.error)}</Alert> : null}
        <Button type="submit" disabled={save.isPending} data-testid="mailing-save">
          {t('templates.save')}
        </Button>
        {editing ? (
          <Button
            variant="secondary"
            onClick={() => {
              setEditing(null);
              setForm(EMPTY);
            }}
          >
            {t('templates.cancel')}
          </Button>
        ) : null}
      </form>
      <ConfirmDialog
        open={!!removing}
        title={t('mailings.deleteTitle')}
        message={t('mailings.deleteText')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
