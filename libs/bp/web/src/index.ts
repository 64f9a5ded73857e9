/** Web pages of the services domain (DESIGN §3), exposed to the shell by apps/bp-web. */
export { default as ServicesPage } from './ServicesPage.tsx';
export { default as ServicePage } from './ServicePage.tsx';
export { default as RequestPage } from './RequestPage.tsx';
