import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { CLIENT_FEATURES, clientRoutes, type Client } from '@intranet/clients-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Checkbox, useNotifier } from '@intranet/web-ui';
import { clientChanged } from './api/client-update.ts';
import { switchFeature } from './api/features-switch.ts';

/**
 * "Features" tab: a switch per client feature, PUT /api/clients/features/switch/{client}/{code}. Each switch submits
 * one `useApiForm` over the route's params (the contract's schema): the switches wait while it runs and a refusal
 * is worded above them (client-features-error). Test ids: feature-<code>.
 */
export function FeaturesTab({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const active = (code: string) => client.features.find((f) => f.feature === code)?.active ?? false;
  const form = useApiForm({
    schema: clientRoutes.featuresSwitch.params,
    defaultValues: { client: client._id, code: CLIENT_FEATURES[0] },
    onSubmit: async (params) => {
      const updated = await switchFeature(params);
      clientChanged(qc, updated);
      const on = updated.features.find((f) => f.feature === params.code)?.active ?? false;
      notifier.toast(t(on ? 'featureOn' : 'featureOff', { name: t(`features.${params.code}`) }));
    },
  });
  const toggle = (code: (typeof CLIENT_FEATURES)[number]) => {
    form.reset({ client: client._id, code });
    void form.submit();
  };

  return (
    <ApiFormView form={form} className="ui-card" data-testid="client-features" errorTestId="client-features-error">
      <p className="clients-muted">{t('featuresText')}</p>
      <div className="clients-features">
        {CLIENT_FEATURES.map((code) => (
          <Checkbox
            key={code}
            label={t(`features.${code}`)}
            checked={active(code)}
            disabled={form.busy}
            onChange={() => toggle(code)}
            data-testid={`feature-${code}`}
          />
        ))}
      </div>
    </ApiFormView>
  );
}
