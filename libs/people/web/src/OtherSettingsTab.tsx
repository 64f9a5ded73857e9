import { peopleText } from './locales.ts';
import type { Client } from '@intranet/clients-contract';
import { ApiFormView, FormField, SubmitRow } from '@intranet/web-forms';
import { Checkbox, FormGrid } from '@intranet/web-ui';
import { useClientForm, WithClient } from './client-form.tsx';

/** Start pages offered (§2: the client's start_page, default company; 'profile' becomes the user's profile). */
const START_PAGES = ['company', 'profile', 'articles', 'vacancies', 'addressBook'] as const;

/** "Other settings" tab (§2): interface language, start page, hide the mood meter. Test ids: other-tab, other-lang, other-start, other-mood, other-save. */
export function OtherSettingsTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="other-tab">
      {(c) => <OtherSettingsForm key={c._id} client={c} />}
    </WithClient>
  );
}

type OtherValues = { lang: string; start_page: string; hideMoodMeter: boolean };

function OtherSettingsForm({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const form = useClientForm<OtherValues>(
    client,
    { lang: client.lang === 'ua' ? 'uk' : client.lang, start_page: client.start_page || 'company', hideMoodMeter: client.settings.hideMoodMeter },
    (v) => ({ lang: v.lang, start_page: v.start_page, settings: { hideMoodMeter: v.hideMoodMeter, initialRights: client.settings.initialRights } }),
  );
  const start = client.start_page || 'company';
  const starts = START_PAGES.includes(start as (typeof START_PAGES)[number]) ? START_PAGES : [...START_PAGES, start];
  return (
    <ApiFormView form={form} className="ui-card" data-testid="other-tab" errorTestId="other-error">
      <h2 className="people-section-title">{t('tabs.other')}</h2>
      <FormGrid>
        <FormField
          form={form}
          name="lang"
          id="other-lang"
          label={t('settings.other.lang')}
          choices={(['ru', 'uk', 'en'] as const).map((l) => ({ value: l, label: t(`settings.other.langs.${l}`) }))}
        />
        <FormField
          form={form}
          name="start_page"
          id="other-start"
          label={t('settings.other.start')}
          choices={starts.map((p) => ({
            value: p,
            label: (START_PAGES as readonly string[]).includes(p) ? t(`settings.other.starts.${p as (typeof START_PAGES)[number]}`) : p,
          }))}
        />
      </FormGrid>
      <Checkbox label={t('settings.other.hideMood')} {...form.register('hideMoodMeter')} data-testid="other-mood" />
      <SubmitRow form={form} label={t('settings.save')} testId="other-save" />
    </ApiFormView>
  );
}
