import { AUTO_KINDS, COIN_ICONS, settingsBody, type ShopSettings } from '@intranet/shop-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { useSettingsUpdate } from './api/settings-update.ts';
import { shopText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { PictureInput } from './PictureInput.tsx';

/**
 * The settings tab (admin): name, coin name, short name and icon, description, managers, and the automatic accrual
 * table (§3 auto-accrual: on/off and coins per cause; the years-of-service reward's period). Test ids:
 * shop-auto-<kind>-on, shop-auto-<kind>-amount, shop-auto-years-period.
 */
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
      time_zone: settings.time_zone,
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
      {settings.pic_url ? <img src={settings.pic_url} alt="" width={100} height={180} data-testid="shop-settings-pic" /> : null}
      <PictureInput onChange={(key) => form.setValue('pic', key ?? settings.pic)} testId="shop-settings-picture" />
      <PeoplePicker
        multiple
        value={managers}
        onChange={(ids) => form.setValue('managers', ids)}
        label={t('settings.managers')}
        testId="shop-settings-managers"
      />
      <table className="shop-auto" data-testid="shop-auto">
        <caption>{t('auto.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('auto.cause')}</th>
            <th scope="col">{t('auto.on')}</th>
            <th scope="col">{t('auto.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {AUTO_KINDS.map((k) => (
            <tr key={k}>
              <th scope="row">{t(`auto.kind.${k}`)}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${t(`auto.kind.${k}`)}: ${t('auto.on')}`}
                  {...form.register(`auto.${k}.on`)}
                  data-testid={`shop-auto-${k}-on`}
                />
              </td>
              <td>
                <input
                  type="number"
                  min={0}
                  aria-label={`${t(`auto.kind.${k}`)}: ${t('auto.amount')}`}
                  {...form.register(`auto.${k}.amount`, { valueAsNumber: true })}
                  data-testid={`shop-auto-${k}-amount`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormField form={form} name="years_period" id="shop-auto-years-period" label={t('auto.yearsPeriod')} type="number" />
      <FormField form={form} name="time_zone" id="shop-auto-time-zone" label={t('auto.timeZone')} />
      <SubmitRow form={form} label={t('save')} testId="shop-settings-save" />
    </ApiFormView>
  );
}
