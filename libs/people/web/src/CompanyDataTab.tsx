import { peopleText } from './locales.ts';
import type { Client } from '@intranet/clients-contract';
import { ApiFormView, FormField, SubmitRow } from '@intranet/web-forms';
import { FormGrid } from '@intranet/web-ui';
import { orNull, useClientForm, WithClient, type BodyOf } from './client-form.tsx';

const COMPANY_FIELDS = ['name', 'fullName', 'city', 'phone', 'address', 'director', 'telegram', 'taxNumber'] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];
type CompanyValues = Record<CompanyField, string>;

/** "Company data" tab (§2, §3 Client). Test ids: company-tab, company-<field>, company-save. */
export function CompanyDataTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="company-tab">
      {(c) => <CompanyDataForm key={c._id} client={c} />}
    </WithClient>
  );
}

const companyBody: BodyOf<CompanyValues> = (v) => ({
  name: v.name,
  ...Object.fromEntries(COMPANY_FIELDS.filter((f) => f !== 'name').map((f) => [f, orNull(v[f])])),
});

function CompanyDataForm({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const form = useClientForm(client, Object.fromEntries(COMPANY_FIELDS.map((f) => [f, client[f] ?? ''])) as CompanyValues, companyBody);
  return (
    <ApiFormView form={form} className="ui-card" data-testid="company-tab" errorTestId="company-error">
      <h2 className="people-section-title">{t('tabs.company')}</h2>
      <FormGrid>
        {COMPANY_FIELDS.map((f) => (
          <FormField
            key={f}
            form={form}
            name={f}
            id={`company-${f}`}
            label={t(`settings.company.${f}`)}
            required={f === 'name'}
            wide={f === 'fullName' || f === 'address'}
          />
        ))}
      </FormGrid>
      <SubmitRow form={form} label={t('settings.save')} testId="company-save" />
    </ApiFormView>
  );
}
