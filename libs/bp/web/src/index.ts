/** Web pages of the bp domain (DESIGN §3), exposed to the shell by apps/bp-web. */
export { BpPage } from './BpPage.tsx';
