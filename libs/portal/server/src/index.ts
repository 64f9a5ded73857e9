export { DOMAINS, startPortal, type Portal, type PortalOptions } from './portal.ts';
