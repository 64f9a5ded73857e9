import { Route } from 'react-router';
import { ShopPage } from '@intranet/shop-web';
import { mountStandalone } from '@intranet/web-session';

mountStandalone({
  basename: '/remotes/shop',
  links: [{ to: '/shop', label: 'Shop' }],
  routes: [<Route key="p" path="/shop" element={<ShopPage />} />],
});
