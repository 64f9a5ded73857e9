export { DOMAINS, MIGRATIONS, startPortal, type Portal, type PortalOptions } from './portal.ts';
