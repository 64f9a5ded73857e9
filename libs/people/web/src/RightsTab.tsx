import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import { FEATURE_RIGHTS, type FeatureRight } from '@intranet/platform-contracts';
import { clientUpdate, type Client } from '@intranet/clients-contract';
import { ApiFormView, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Button, Checkbox, ConfirmDialog, useNotifier } from '@intranet/web-ui';
import { errorText } from '@intranet/web-i18n';
import { clientSaved, updateClient } from './api/client-update.ts';
import { peopleKeys } from './api/keys.ts';
import { addRoleToAll } from './api/role-add-all.ts';
import { removeRoleFromAll } from './api/role-remove-all.ts';

/** The initial-rights form: the `settings` of the contract's PUT api/clients/{id} body. */
const initialSchema = clientUpdate.pick({ settings: true }).required();
const initialOf = (c: Client) => ({ settings: { hideMoodMeter: c.settings.hideMoodMeter, initialRights: c.settings.initialRights as FeatureRight[] } });

/**
 * "Rights and roles" tab (§6): allow or forbid a right for all employees (PUT/DELETE
 * /api/clients/{clientId}/role/{role}) and the initial rights of new/imported employees
 * (PUT /api/clients/{id} {settings:{initialRights}}: one `useApiForm` over the contract's clientUpdate settings,
 * an error worded above the checkboxes as initial-error).
 * Test ids: allow-all-<right>, forbid-all-<right>, initial-<right>, initial-save.
 */
export function RightsTab({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [confirm, setConfirm] = useState<{ right: FeatureRight; allow: boolean } | null>(null);
  const form = useApiForm({
    schema: initialSchema,
    defaultValues: initialOf(client),
    onSubmit: async (body) => {
      clientSaved(qc, await updateClient(client._id, body));
      notifier.toast(t('rights.initialSaved'));
    },
  });
  const { reset } = form;
  // Another save of the client (e.g. the other tabs) brings its current initial rights.
  useEffect(() => reset(initialOf(client)), [client.settings.initialRights, reset]);

  const applyAll = async () => {
    if (!confirm) return;
    try {
      const res = await (confirm.allow ? addRoleToAll : removeRoleFromAll)(client._id, confirm.right);
      notifier.toast(t('rights.updated', { count: res.updated }));
      void qc.invalidateQueries({ queryKey: peopleKeys.all });
      setConfirm(null);
    } catch (err) {
      notifier.error(errorText(err));
      throw err;
    }
  };

  const rightName = (r: string) => t(`rights.names.${r}`, { defaultValue: r });

  return (
    <div className="people-rights">
      <section className="ui-card">
        <h2 className="people-section-title">{t('rights.forAllTitle')}</h2>
        <p className="people-muted">{t('rights.forAllText')}</p>
        <table className="ui-table people-rights-table">
          <tbody>
            {FEATURE_RIGHTS.map((r) => (
              <tr key={r}>
                <td>{rightName(r)}</td>
                <td className="ui-table__actions">
                  <Button size="small" variant="secondary" onClick={() => setConfirm({ right: r, allow: true })} data-testid={`allow-all-${r}`}>
                    {t('rights.allow')}
                  </Button>
                  <Button size="small" variant="ghost" onClick={() => setConfirm({ right: r, allow: false })} data-testid={`forbid-all-${r}`}>
                    {t('rights.forbid')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ApiFormView form={form} className="ui-card" errorTestId="initial-error" aria-label={t('rights.initialTitle')}>
        <h2 className="people-section-title">{t('rights.initialTitle')}</h2>
        <p className="people-muted">{t('rights.initialText')}</p>
        <div className="people-checks">
          {FEATURE_RIGHTS.map((r) => (
            <Checkbox key={r} label={rightName(r)} value={r} {...form.register('settings.initialRights')} data-testid={`initial-${r}`} />
          ))}
        </div>
        <SubmitRow form={form} label={t('rights.initialSave')} testId="initial-save" />
      </ApiFormView>
      <ConfirmDialog
        open={!!confirm}
        danger={confirm ? !confirm.allow : false}
        message={confirm ? t(confirm.allow ? 'rights.allowConfirm' : 'rights.forbidConfirm', { right: rightName(confirm.right) }) : ''}
        onConfirm={applyAll}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
