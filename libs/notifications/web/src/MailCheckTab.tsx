import { NOTIF_TEXT, notificationsRoutes } from '@intranet/notifications-contract';
import { V, z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Alert, FormGrid } from '@intranet/web-ui';
import { useState } from 'react';
import { sendMessage } from './api/message-send.ts';
import { notificationsText } from './locales.ts';
import './notifications.css';

const body = notificationsRoutes.messageSend.body.shape;
/** The addresses typed in one field: separated by commas, semicolons or spaces. */
export const splitAddresses = (to: string): string[] =>
  to
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
const email = z.string().email(V.email);
/** The mail check form: the addresses as one text (at least one, each an e-mail: §5), subject and text as the contract's. */
const mailForm = z.object({
  to: z.string().superRefine((to, ctx) => {
    const emails = splitAddresses(to);
    if (!emails.length) ctx.addIssue({ code: 'custom', message: NOTIF_TEXT.mailAddressRequired });
    else if (emails.some((e) => !email.safeParse(e).success)) ctx.addIssue({ code: 'custom', message: V.email });
  }),
  subject: body.subject,
  text: body.text,
});

/**
 * Admin panel → mail check (§2, §5 "Mail test needs at least one address"): a test message through the service's
 * e-mail adapter (POST api/message). The rule is checked here and enforced by the server (its `emails` errors are
 * shown under the addresses). Test ids: mail-check, mail-check-to, mail-check-send, mail-check-result.
 */
export function MailCheckTab() {
  const { t } = notificationsText.useT();
  const [sent, setSent] = useState<number | null>(null);
  const form = useApiForm({
    schema: mailForm,
    defaultValues: { to: '', subject: 'Mail check', text: 'This is a test message.' },
    serverField: (f) => (f === 'emails' || f.startsWith('emails.') ? 'to' : ['subject', 'text'].includes(f) ? f : null),
    onSubmit: async (v) => {
      setSent(null);
      setSent((await sendMessage({ emails: splitAddresses(v.to), subject: v.subject, text: v.text })).sent);
    },
  });
  return (
    <section className="ui-card" data-testid="mail-check">
      <h2>{t('admin.mailTitle')}</h2>
      <p className="notif__hint">{t('admin.mailHint')}</p>
      <ApiFormView form={form} errorTestId="mail-check-error">
        <FormGrid>
          <FormField form={form} name="to" id="mail-check-to" label={t('admin.mailTo')} wide />
          <FormField form={form} name="subject" id="mail-check-subject" label={t('admin.mailSubject')} wide />
          <FormField form={form} name="text" id="mail-check-text" label={t('admin.mailText')} rows={3} wide />
        </FormGrid>
        {sent !== null ? (
          <Alert kind="success" testId="mail-check-result">
            {t('admin.mailSent', { count: sent })}
          </Alert>
        ) : null}
        <SubmitRow form={form} label={t('admin.mailSend')} testId="mail-check-send" />
      </ApiFormView>
    </section>
  );
}
