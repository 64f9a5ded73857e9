import { useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { shopEvents } from '@intranet/shop-contract';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { useBalance } from './api/balance-get.ts';
import { shopKeys } from './api/keys.ts';
import { shopText } from './locales.ts';

/**
 * The caller's coin balance in the shell's `userMenu` slot (issue 32 "the coin balance in the user menu, live"): a
 * link to /shop, refreshed when one of the caller's accruals, cancellations or purchases (or a nullify) arrives on
 * the realtime socket. Nothing without the `shop` right, with the client's shop feature off, or for a superadmin
 * (who cannot buy). Exposed by the shop remote as `shop/BalanceMenu`. Test ids: shop-balance-menu, shop-balance-menu-amount.
 */
export function BalanceMenu() {
  const { t } = shopText.useT();
  const { hasRight, client, uid, isSuperadmin } = useSession();
  const off = client?.features?.some((f) => f.feature === 'shop' && !f.active);
  const on = !!client && !!uid && !off && !isSuperadmin && hasRight('shop');
  const qc = useQueryClient();
  const balance = useBalance(uid ?? '', 1, on);
  // Any coin movement of mine (or a nullify of the client) refetches my balance; the payload's balance may be stale by then.
  const refresh = (p: { userId?: string } | undefined) => {
    if (!p?.userId || p.userId === uid) void qc.invalidateQueries({ queryKey: [...shopKeys.all, 'balance', uid ?? ''] });
  };
  useRealtimeEvent(shopEvents.accrued.subject, refresh, on);
  useRealtimeEvent(shopEvents.cancelled.subject, refresh, on);
  useRealtimeEvent(shopEvents.purchased.subject, refresh, on);
  useRealtimeEvent(shopEvents.nullified.subject, refresh, on);
  if (!on) return null;
  return (
    <Link to="/shop" className="shop-balance-menu" title={t('balance.amount')} data-testid="shop-balance-menu">
      <Coins size={16} aria-hidden="true" /> <span data-testid="shop-balance-menu-amount">{balance.data?.amount ?? '…'}</span>
    </Link>
  );
}
