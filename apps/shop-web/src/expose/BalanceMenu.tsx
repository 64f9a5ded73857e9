/** Exposed as `shop/BalanceMenu` (libs/shop/web): the coin balance in the shell's user menu. */
export { BalanceMenu as default } from '@intranet/shop-web';
