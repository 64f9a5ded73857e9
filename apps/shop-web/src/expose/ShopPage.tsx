/** Exposed as `shop/ShopPage` (libs/shop/web). */
export { ShopPage as default } from '@intranet/shop-web';
