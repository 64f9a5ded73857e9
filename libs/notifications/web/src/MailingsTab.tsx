import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAILING_ACTIONS, mailingRoutes, type Mailing } from '@intranet/notifications-contract/mailing';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText, formatDateTime } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Badge, Button, Checkbox, ConfirmDialog, EmptyState, ErrorState, FormGrid, Loader, useNotifier } from '@intranet/web-ui';
import { notificationKeys } from './api/keys.ts';
import { createMailing } from './api/mailing-create.ts';
import { useMailings } from './api/mailing-list.ts';
import { removeMailing } from './api/mailing-remove.ts';
import { restartMailingJob } from './api/mailing-restart-job.ts';
import { stopMailingJob } from './api/mailing-stop-job.ts';
import { updateMailing } from './api/mailing-update.ts';
import { notificationsText } from './locales.ts';

const EMPTY = { action: MAILING_ACTIONS[0] as string, schedule: '0 9 * * 1', active: true };

/**
 * §2 /notifications → mailings (administrators): the workspace's mailings (§7 GET api/mailing) with their job state
 * and next slot, start/stop (PUT api/mailing/restartJob|stopJob/{workspace}_{action}), and a form to create or
 * change one (POST / PUT api/mailing/{id}: §4 a changed schedule restarts the job). Test ids: notif-mailings,
 * notif-mailing-<id>, mailing-form, mailing-action, mailing-schedule, mailing-active, mailing-save.
 */
export function MailingsTab() {
  const { t } = notificationsText.useT();
  const { workspace } = useSession();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [editing, setEditing] = useState<Mailing | null>(null);
  const [removing, setRemoving] = useState<Mailing | null>(null);
  const list = useMailings();
  const refresh = () => qc.invalidateQueries({ queryKey: notificationKeys.mailings() });
  const form = useApiForm({
    schema: mailingRoutes.mailingCreate.body,
    defaultValues: EMPTY,
    onSubmit: async (values) => {
      if (editing) await updateMailing(editing._id, values);
      else await createMailing(values);
      notifier.toast(t('mailings.saved'), 'success');
      setEditing(null);
      form.reset(EMPTY);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (m: Mailing) => (m.active ? stopMailingJob : restartMailingJob)(workspace ?? m.workspace, m.action),
    onSettled: () => void refresh(),
    onError: (err) => notifier.toast(errorText(err), 'error'),
  });
  const remove = useMutation({
    mutationFn: (m: Mailing) => removeMailing(m._id),
    onSettled: () => {
      setRemoving(null);
      void refresh();
    },
    onError: (err) => notifier.toast(errorText(err), 'error'),
  });
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
                    form.reset({ action: m.action, schedule: m.schedule, active: m.active });
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
      <ApiFormView form={form} className="ui-card" data-testid="mailing-form" errorTestId="mailing-error">
        <FormGrid>
          <FormField
            form={form}
            name="action"
            id="mailing-action"
            label={t('mailings.action')}
            choices={MAILING_ACTIONS.map((a) => ({ value: a, label: t(`mailings.actions.${a}`) }))}
          />
          <FormField form={form} name="schedule" id="mailing-schedule" label={t('mailings.schedule')} hint={t('mailings.scheduleHint')} required />
          <Checkbox label={t('mailings.active')} {...form.register('active')} data-testid="mailing-active" />
        </FormGrid>
        <SubmitRow form={form} label={t('templates.save')} testId="mailing-save">
          {editing ? (
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(null);
                form.reset(EMPTY);
              }}
            >
              {t('templates.cancel')}
            </Button>
          ) : null}
        </SubmitRow>
      </ApiFormView>
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
