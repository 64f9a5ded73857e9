/** Exposed as `wall/AddressBookPage` (libs/social/web). */
export { AddressBookPage as default } from '@intranet/social-web';
