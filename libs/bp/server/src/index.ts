export { BpModule } from './bp.module.ts';
export { groups, services, requests, templates } from './schema.ts';
