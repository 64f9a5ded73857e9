import { COIN_ICONS, settingsBody, type ShopSettings } from '@intranet/shop-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { useSettingsUpdate } from './api/settings-update.ts';
import { shopText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

/** The settings tab (admin): name, coin name, short name and icon, description, managers. */
export function SettingsTab({ settings }: { settings: ShopSettings }) {
  const { t } = shopText.useT();
  const save = useSettingsUpdate();
  const form = useApiForm({
    schema: settingsBody,
    defaultValues: {
      name: settings.name,
      coin_name: settings.coin_name,
      coin_short: settings.coin_short,
      icon: settings.icon,
      description: settings.description,
      pic: settings.pic,
      managers: settings.managers,
      auto: settings.auto,
      years_period: settings.years_period,
    },
    onSubmit: async (v) => {
      await save.mutateAsync(v);
    },
  });
  const managers = form.watch('managers') ?? [];
  return (
    <ApiFormView form={form} errorTestId="shop-settings-error">
      <FormField form={form} name="name" id="shop-settings-name" label={t('item.name')} required />
      <FormField form={form} name="coin_name" id="shop-settings-coin" label={t('settings.coinName')} />
      <FormField form={form} name="coin_short" id="shop-settings-short" label={t('settings.coinShort')} />
      <label>
        {t('settings.icon')}{' '}
        <select {...form.register('icon')}>
          {COIN_ICONS.map((i) => (
            <option key={i} value={i}>
              {i}
            </option>
          ))}
        </select>
      </label>
      <FormField form={form} name="description" id="shop-settings-description" label={t('description')} />
      <PeoplePicker
        multiple
        value={managers}
        onChange={(ids) => form.setValue('managers', ids)}
        label={t('settings.managers')}
        testId="shop-settings-managers"
      />
      <SubmitRow form={form} label={t('save')} testId="shop-settings-save" />
    </ApiFormView>
  );
}
