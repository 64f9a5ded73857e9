import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIF_TEXT, NOTIF_CODES, notificationsRoutes, type SettingsMatrix } from '@intranet/notifications-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Alert, Button, ErrorState, FormGrid, Input, Loader, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { registerNotificationsTranslations } from './i18n.ts';
import { Matrix } from './Matrix.tsx';
import { FailingChannels, TelegramBot } from './Channels.tsx';
import './notifications.css';

registerNotificationsTranslations();

/**
 * Admin panel → mail check (§2, §5 "Mail test needs at least one address"): a test message through the service's
 * e-mail adapter (POST api/message). The rule is checked here and enforced by the server. Test ids: mail-check,
 * mail-check-to, mail-check-send, mail-check-result.
 */
export function MailCheckTab() {
  const { t } = useTranslation('notifications');
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('Mail check');
  const [text, setText] = useState('This is a test message.');
  const [local, setLocal] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (emails: string[]) => call(notificationsRoutes.message, { body: { emails, subject, text }, silent: true }),
  });
  const submit = () => {
    const emails = to
      .split(/[,;\s]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    if (!emails.length) {
      setLocal(errorText({ code: NOTIF_CODES.mailAddressRequired, message: NOTIF_TEXT.mailAddressRequired }));
      return;
    }
    setLocal(null);
    send.mutate(emails);
  };
  return (
    <section className="ui-card" data-testid="mail-check">
      <h2>{t('admin.mailTitle')}</h2>
      <p className="notif__hint">{t('admin.mailHint')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormGrid>
          <Input
            id="mail-check-to"
            label={t('admin.mailTo')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={local ?? undefined}
            wide
            data-testid="mail-check-to"
          />
          <Input id="mail-check-subject" label={t('admin.mailSubject')} value={subject} onChange={(e) => setSubject(e.target.value)} wide />
          <TextArea id="mail-check-text" label={t('admin.mailText')} value={text} onChange={(e) => setText(e.target.value)} rows={3} wide />
        </FormGrid>
        {send.isError ? <Alert>{errorText(send.error)}</Alert> : null}
        {send.isSuccess ? (
          <Alert kind="success" testId="mail-check-result">
            {t('admin.mailSent', { count: send.data.sent })}
          </Alert>
        ) : null}
        <Button type="submit" disabled={send.isPending} data-testid="mail-check-send">
          {t('admin.mailSend')}
        </Button>
      </form>
    </section>
  );
}

/**
 * Admin panel → notification settings (§2): the client's defaults for employees who chose none (GET/PUT
 * api/user/notifications[/client/{client}]), the company's Slack / MS Teams webhooks and Telegram bot, and the
 * channels that keep failing. Test ids: notif-defaults, notif-default-<section>-<channel>, notif-defaults-save.
 */
export function NotifSettingsTab() {
  const { t } = useTranslation('notifications');
  const { client } = useSession();
  const notifier = useNotifier();
  const qc = useQueryClient();
  const clientId = client?._id ?? '';
  const q = useQuery({
    queryKey: ['notifications', 'defaults', clientId],
    enabled: !!clientId,
    queryFn: ({ signal }) => call(notificationsRoutes.clientSettings, { params: { client: clientId }, signal, silent: true }),
  });
  const [matrix, setMatrix] = useState<SettingsMatrix | null>(null);
  const [hooks, setHooks] = useState({ slack: '', teams: '' });
  useEffect(() => {
    if (!q.data) return;
    setMatrix(q.data.matrix);
    setHooks({ slack: q.data.webhooks?.slack ?? '', teams: q.data.webhooks?.teams ?? '' });
  }, [q.data]);
  const save = useMutation({
    mutationFn: () =>
      call(notificationsRoutes.saveSettings, {
        body: { client_id: clientId, matrix: matrix as never, webhooks: { slack: hooks.slack.trim() || null, teams: hooks.teams.trim() || null } },
        silent: true,
      }),
    onSuccess: (r) => {
      qc.setQueryData(['notifications', 'defaults', clientId], r);
      notifier.toast(t('admin.saved'), 'success');
    },
  });
  if (!clientId) return null;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  if (!matrix) return <Loader />;
  return (
    <section className="notif" data-testid="notif-defaults">
      <h2>{t('admin.defaultsTitle')}</h2>
      <p className="notif__hint">{t('admin.defaultsHint')}</p>
      <Matrix matrix={matrix} onChange={setMatrix} prefix="notif-default" />
      <h3>{t('admin.webhooks')}</h3>
      <FormGrid>
        <Input id="notif-slack" label={t('admin.slack')} value={hooks.slack} onChange={(e) => setHooks({ ...hooks, slack: e.target.value })} wide />
        <Input id="notif-teams" label={t('admin.teams')} value={hooks.teams} onChange={(e) => setHooks({ ...hooks, teams: e.target.value })} wide />
      </FormGrid>
      {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
      <Button onClick={() => save.mutate()} disabled={save.isPending} data-testid="notif-defaults-save">
        {t('admin.save')}
      </Button>
      <TelegramBot clientId={clientId} />
      <FailingChannels clientId={clientId} />
    </section>
  );
}

/**
 * Employee administration → notifications (§2): an administrator picks an employee and edits their section ×
 * channel switches (GET api/user/notifications/{user}, PUT api/user/notifications with user_id). Test ids:
 * notif-employee, notif-employee-select, notif-emp-<section>-<channel>, notif-employee-save.
 */
export function EmployeeNotificationsTab() {
  const { t } = useTranslation('notifications');
  const { client } = useSession();
  const notifier = useNotifier();
  const clientId = client?._id ?? '';
  const [user, setUser] = useState('');
  const people = useQuery({
    queryKey: ['notifications', 'employees', clientId],
    enabled: !!clientId,
    queryFn: ({ signal }) => call(peopleRoutes.userForClient, { params: { clientId }, signal, silent: true }),
  });
  const q = useQuery({
    queryKey: ['notifications', 'settings', user],
    enabled: !!user,
    queryFn: ({ signal }) => call(notificationsRoutes.userSettings, { params: { user }, signal, silent: true }),
  });
  const [matrix, setMatrix] = useState<SettingsMatrix | null>(null);
  useEffect(() => setMatrix(q.data?.matrix ?? null), [q.data]);
  const save = useMutation({
    mutationFn: () => call(notificationsRoutes.saveSettings, { body: { user_id: user, matrix: matrix as never }, silent: true }),
    onSuccess: () => notifier.toast(t('admin.saved'), 'success'),
  });
  if (!clientId) return null;
  const options = (people.data ?? []).filter((u) => !u.deletion_mark).map((u) => ({ value: u._id, label: u.fullName || u.email }));
  return (
    <section className="notif" data-testid="notif-employee">
      <h2>{t('admin.employeeTitle')}</h2>
      <Select
        id="notif-employee-select"
        label={t('admin.employee')}
        value={user}
        onChange={(e) => setUser(e.target.value)}
        options={[{ value: '', label: t('admin.choose') }, ...options]}
        data-testid="notif-employee-select"
      />
      {!user ? null : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : !matrix ? (
        <Loader />
      ) : (
        <>
          <Matrix matrix={matrix} onChange={setMatrix} prefix="notif-emp" />
          {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
          <Button onClick={() => save.mutate()} disabled={save.isPending} data-testid="notif-employee-save">
            {t('admin.save')}
          </Button>
        </>
      )}
    </section>
  );
}
