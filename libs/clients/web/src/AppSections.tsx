import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { applicationRoutes, type Application, type ClientFeature } from '@intranet/clients-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Button, Checkbox, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { switchAppSection } from './api/app-section-switch.ts';
import { createDefaultSections } from './api/application-create-default-sections.ts';
import { applicationGetQueryOptions, useApplication } from './api/application-get.ts';
import { setInstallationMaintenance } from './api/application-maintenance.ts';

/** One switch of the application: a section's code and flag, or the installation's maintenance mode (`code` null). */
const switchBody = z.object({ code: applicationRoutes.appSectionSwitch.params.shape.code.nullable(), active: z.boolean() });

/**
 * §3 Application (issue 36; /app and the admin panel's app sections tab, superadmin): the installation's
 * maintenance mode, the platform's sections with their on/off switch, and "create default sections". Test ids:
 * app-settings, app-maintenance, app-defaults, app-section-<code>, app-error.
 */
export function AppSections() {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const q = useApplication();
  const put = (app: Application) => qc.setQueryData(applicationGetQueryOptions().queryKey, app);
  const form = useApiForm({
    schema: switchBody,
    defaultValues: { code: null, active: false },
    onSubmit: async ({ code, active }) => put(code === null ? await setInstallationMaintenance(active) : await switchAppSection(code, active)),
  });
  const flip = (code: string | null, active: boolean) => {
    form.reset({ code, active });
    void form.submit();
  };
  const defaults = useApiForm({ schema: z.object({}), defaultValues: {}, onSubmit: async () => put(await createDefaultSections()) });

  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="app-load-error" />;
  return (
    <div className="clients-life" data-testid="app-settings">
      <ApiFormView form={form} className="ui-card" errorTestId="app-error">
        <h3 className="clients-subtitle">{t('mode.installation')}</h3>
        <p className="clients-muted">{t('mode.installationText')}</p>
        <Checkbox
          label={t('mode.switch')}
          checked={q.data.maintenance}
          disabled={form.busy}
          onChange={() => flip(null, !q.data.maintenance)}
          data-testid="app-maintenance"
        />
        <h3 className="clients-subtitle">{t('app.sections')}</h3>
        {q.data.sections.length === 0 ? (
          <EmptyState title={t('app.none')} />
        ) : (
          <div className="clients-features">
            {q.data.sections.map((s) => (
              <Checkbox
                key={s.code}
                label={t(`features.${s.code as ClientFeature}`)}
                checked={s.active}
                disabled={form.busy}
                onChange={() => flip(s.code, !s.active)}
                data-testid={`app-section-${s.code}`}
              />
            ))}
          </div>
        )}
      </ApiFormView>
      <ApiFormView form={defaults} className="ui-card" errorTestId="app-defaults-error">
        <Button type="submit" variant="secondary" loading={defaults.busy} data-testid="app-defaults">
          {t('app.defaults')}
        </Button>
      </ApiFormView>
    </div>
  );
}
