/** Web pages of the shop domain (DESIGN §3), exposed to the shell by apps/shop-web. */
export { ShopPage } from './ShopPage.tsx';
export { BalanceMenu } from './BalanceMenu.tsx';
