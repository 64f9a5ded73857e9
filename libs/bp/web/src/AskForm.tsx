import { BP_LIMITS, bpRoutes } from '@intranet/bp-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, TextArea, useNotifier } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useSendServiceReq } from './api/service-req-send.ts';

/** The ask form's value: the contract's text of POST api/user/send_service_req (required, at most 2000 symbols). */
const askForm = bpRoutes.serviceReqSend.body.pick({ text: true });

/**
 * Ask the administrators for a service (POST api/user/send_service_req): one the employee cannot find in the catalogue
 * (no `bp`), or the service `bp` they may not start yet. Test ids: bp-ask-form, bp-ask-text, bp-ask-send.
 */
export function AskForm({ bp }: { bp?: string }) {
  const { t } = bpText.useT();
  const notify = useNotifier();
  const send = useSendServiceReq();
  const form = useApiForm({
    schema: askForm,
    defaultValues: { text: '' },
    onSubmit: async (v) => {
      await send.mutateAsync({ text: v.text, bp });
      form.reset({ text: '' });
      notify.toast(t('asks.sent'));
    },
  });
  return (
    <ApiFormView form={form} className="ui-card bp-ask" data-testid="bp-ask-form">
      <h2>{t('asks.title')}</h2>
      <p className="bp-muted">{t(bp ? 'asks.hintService' : 'asks.hint')}</p>
      <TextArea id="bp-ask-text" label={t('asks.text')} maxLength={BP_LIMITS.reason} {...form.field('text')} required wide data-testid="bp-ask-text" />
      <Button type="submit" loading={form.busy} data-testid="bp-ask-send">
        {t('asks.send')}
      </Button>
    </ApiFormView>
  );
}
