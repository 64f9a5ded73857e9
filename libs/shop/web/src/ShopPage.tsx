import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { accrueBody, itemBody, type ShopItem } from '@intranet/shop-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { NeedSession, useSession } from '@intranet/web-session';
import { Button, ConfirmDialog, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useAccrualCreate } from './api/accrual-create.ts';
import { useAchievements } from './api/achievement-list.ts';
import { useBalance } from './api/balance-get.ts';
import { useBalanceNullify } from './api/balance-nullify.ts';
import { useItemCreate } from './api/item-create.ts';
import { useItemDelete } from './api/item-delete.ts';
import { useItems } from './api/item-list.ts';
import { usePurchaseCreate } from './api/purchase-create.ts';
import { useShopSettings } from './api/settings-get.ts';
import { useStats } from './api/stats-get.ts';
import { statsExcel } from './api/stats-excel.ts';
import { AchievementsTab } from './AchievementsTab.tsx';
import { shopText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { PictureInput } from './PictureInput.tsx';
import { SettingsTab } from './SettingsTab.tsx';

const TABS = ['shop', 'statistics', 'achievements', 'settings', 'balance'] as const;
type Tab = (typeof TABS)[number];

/**
 * /shop (§2): tabs shop (catalogue, buy with confirmation), statistics (chart, Excel), achievements, settings and
 * balance (history, paged). Managing tabs show for admins and shop managers. Test ids: shop-page, tab-<tab> (the kit's).
 */
function ShopView() {
  const { t } = shopText.useT();
  const s = useSession();
  const client = s.client?._id ?? s.user?.client_id ?? '';
  const settings = useShopSettings(client);
  // A notification links to a tab (/shop?tab=balance).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(TABS.find((x) => x === params.get('tab')) ?? 'shop');
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <ErrorState message={errorText(settings.error)} onRetry={() => void settings.refetch()} />;
  const manage = settings.data.canManage;
  const tabs = (['shop', 'balance', ...(manage ? (['statistics', 'achievements'] as const) : []), ...(s.isAdmin ? (['settings'] as const) : [])] as Tab[]).map(
    (id) => ({
      id,
      label: t(`tab.${id}`),
      testId: `shop-tab-${id}`,
    }),
  );
  return (
    <section className="page" data-testid="shop-page">
      <h1>{settings.data.name}</h1>
      <Tabs label={settings.data.name} active={tab} onChange={(x) => setTab(x as Tab)} tabs={tabs} />
      {tab === 'shop' ? (
        <Catalogue client={client} manage={manage} canBuy={settings.data.canBuy} coin={settings.data.coin_short || settings.data.icon} />
      ) : null}
      {tab === 'balance' ? <BalanceTab user={s.uid ?? ''} /> : null}
      {tab === 'statistics' ? <StatsTab client={client} /> : null}
      {tab === 'achievements' ? <AchievementsTab client={client} /> : null}
      {tab === 'settings' ? <SettingsTab settings={settings.data} /> : null}
    </section>
  );
}

function Catalogue({ client, manage, canBuy, coin }: { client: string; manage: boolean; canBuy: boolean; coin: string }) {
  const { t } = shopText.useT();
  const notifier = useNotifier();
  const items = useItems(client);
  const buy = usePurchaseCreate();
  const del = useItemDelete();
  const [confirm, setConfirm] = useState<{ item: ShopItem; kind: 'buy' | 'delete' } | null>(null);
  const create = useItemCreate();
  const form = useApiForm({
    schema: itemBody,
    defaultValues: { name: '', description: '', cost: 0, start_amount: null, pics: [] },
    onSubmit: async (v) => {
      await create.mutateAsync({ ...v, client });
      form.reset();
    },
  });
  return (
    <div data-testid="shop-catalogue">
      {manage ? (
        <ApiFormView form={form} errorTestId="shop-item-error">
          <FormField form={form} name="name" id="shop-item-name" label={t('item.name')} required />
          <FormField form={form} name="cost" id="shop-item-cost" label={t('item.cost')} type="number" required />
          <FormField form={form} name="start_amount" id="shop-item-stock" label={t('item.stock')} type="number" />
          <PictureInput key={form.formState.submitCount} onChange={(key) => form.setValue('pics', key ? [key] : [])} testId="shop-item-picture" />
          <SubmitRow form={form} label={t('item.add')} testId="shop-item-add" />
        </ApiFormView>
      ) : null}
      {items.isPending ? (
        <Loader />
      ) : items.isError ? (
        <ErrorState message={errorText(items.error)} onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul className="shop-items" data-testid="shop-items">
          {items.data.map((i) => (
            <li key={i._id} data-testid={`shop-item-${i.name}`}>
              {i.pic_urls[0] ? <img src={i.pic_urls[0]} alt="" width={100} height={180} data-testid={`shop-item-pic-${i.name}`} /> : null}
              <strong>{i.name}</strong> · {i.cost} {coin} · {i.rest === null ? t('item.unlimited') : t('item.rest', { count: i.rest })}
              {canBuy ? (
                <Button size="small" disabled={i.rest === 0} onClick={() => setConfirm({ item: i, kind: 'buy' })} data-testid={`shop-buy-${i.name}`}>
                  {t('item.buy')}
                </Button>
              ) : null}
              {manage && i.sold === 0 ? (
                <Button size="small" variant="secondary" onClick={() => setConfirm({ item: i, kind: 'delete' })} data-testid={`shop-delete-${i.name}`}>
                  {t('remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!confirm}
        danger={confirm?.kind === 'delete'}
        message={confirm ? t(confirm.kind === 'buy' ? 'item.confirmBuy' : 'item.confirmDelete', { name: confirm.item.name, cost: confirm.item.cost }) : ''}
        onCancel={() => setConfirm(null)}
        testId="shop-confirm"
        onConfirm={async () => {
          if (!confirm) return;
          try {
            if (confirm.kind === 'buy') {
              const r = await buy.mutateAsync(confirm.item._id);
              notifier.toast(t('item.bought', { balance: r.balance }), 'success');
            } else await del.mutateAsync(confirm.item._id);
          } catch (err) {
            notifier.toast(errorText(err), 'error');
          }
          setConfirm(null);
        }}
      />
    </div>
  );
}

function BalanceTab({ user }: { user: string }) {
  const { t } = shopText.useT();
  const [page, setPage] = useState(1);
  const b = useBalance(user, page);
  if (b.isPending) return <Loader />;
  if (b.isError) return <ErrorState message={errorText(b.error)} onRetry={() => void b.refetch()} />;
  return (
    <div data-testid="shop-balance">
      <p>
        {t('balance.amount')}: <strong data-testid="shop-balance-amount">{b.data.amount}</strong>
      </p>
      {b.data.history.length === 0 ? (
        <EmptyState title={t('balance.empty')} />
      ) : (
        <ul>
          {b.data.history.map((e) => (
            <li key={e._id}>
              {new Date(e.created).toLocaleString()} · {t(`kind.${e.kind}`)} · {e.amount > 0 ? `+${e.amount}` : e.amount}{' '}
              {e.item?.name ?? e.achievement?.name ?? ''}
            </li>
          ))}
        </ul>
      )}
      {b.data.total > page * 20 ? <Button onClick={() => setPage(page + 1)}>{t('more')}</Button> : null}
      {page > 1 ? <Button onClick={() => setPage(page - 1)}>{t('back')}</Button> : null}
    </div>
  );
}

function StatsTab({ client }: { client: string }) {
  const { t } = shopText.useT();
  const notifier = useNotifier();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const stats = useStats(from, to);
  const nullify = useBalanceNullify();
  const [ask, setAsk] = useState(false);
  const s = useSession();
  const exportXlsx = async () => {
    try {
      const r = await statsExcel(from, to);
      const a = document.createElement('a');
      a.href = `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${r.base64}`;
      a.download = r.fileName;
      a.click();
    } catch (err) {
      notifier.toast(errorText(err), 'error');
    }
  };
  return (
    <div data-testid="shop-stats">
      <label>
        {t('stats.from')} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        {t('stats.to')} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <Button onClick={() => void exportXlsx()} data-testid="shop-excel">
        {t('stats.excel')}
      </Button>
      {s.isAdmin ? (
        <Button variant="secondary" onClick={() => setAsk(true)} data-testid="shop-nullify">
          {t('stats.nullify')}
        </Button>
      ) : null}
      <AccrueForm client={client} />
      {stats.isPending ? (
        <Loader />
      ) : stats.isError ? (
        <ErrorState message={errorText(stats.error)} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p data-testid="shop-stats-totals">
            {t('stats.purchases', { count: stats.data.purchases })} · {t('stats.accruals', { count: stats.data.accruals })}
          </p>
          <div style={{ height: 240 }}>
            <ResponsiveContainer>
              <BarChart data={stats.data.days}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis />
                <Tooltip />
                <Bar dataKey="accrued" name={t('stats.accrued')} fill="#4c8bf5" />
                <Bar dataKey="spent" name={t('stats.spent')} fill="#f5a04c" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ul data-testid="shop-sales">
            {stats.data.sales.map((x) => (
              <li key={x._id}>
                {new Date(x.created).toLocaleString()} · {x.item} · {x.cost}
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={ask}
        danger
        message={t('stats.confirmNullify')}
        onCancel={() => setAsk(false)}
        onConfirm={async () => {
          await nullify.mutateAsync(client).catch((err: unknown) => notifier.toast(errorText(err), 'error'));
          setAsk(false);
        }}
      />
    </div>
  );
}

function AccrueForm({ client }: { client: string }) {
  const { t } = shopText.useT();
  const notifier = useNotifier();
  const ach = useAchievements(client);
  const accrue = useAccrualCreate();
  const form = useApiForm({
    schema: accrueBody,
    defaultValues: { recipient: null, achievement: null, amount: 1, comment: '', publish: false },
    onSubmit: async (v) => {
      await accrue.mutateAsync(v);
      notifier.toast(t('accrue.done'), 'success');
      form.reset();
    },
  });
  const recipient = form.watch('recipient');
  return (
    <ApiFormView form={form} errorTestId="shop-accrue-error">
      <h2>{t('accrue.title')}</h2>
      <PeoplePicker
        value={recipient ? [recipient] : []}
        onChange={(ids) => form.setValue('recipient', ids[0] ?? null)}
        label={t('accrue.recipient')}
        testId="shop-accrue-recipient"
      />
      <label>
        {t('accrue.achievement')}{' '}
        <select {...form.register('achievement')} data-testid="shop-accrue-achievement">
          <option value="">—</option>
          {(ach.data ?? []).map((a) => (
            <option key={a._id} value={a._id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <FormField form={form} name="amount" id="shop-accrue-amount" label={t('accrue.amount')} type="number" required />
      <FormField form={form} name="comment" id="shop-accrue-comment" label={t('accrue.comment')} />
      <SubmitRow form={form} label={t('accrue.submit')} testId="shop-accrue-submit" />
    </ApiFormView>
  );
}

/** The /shop screen. */
export function ShopPage() {
  const { t } = shopText.useT();
  return <NeedSession noClient={{ title: t('noClient'), testId: 'shop-no-client' }}>{<ShopView />}</NeedSession>;
}
export default ShopPage;
