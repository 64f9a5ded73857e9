export { ClientsModule } from './clients.module.ts';
export { clients } from './schema.ts';
export { SealHrPasswords } from './seal-hr-passwords.ts';
export { exportPages } from './export-pages.ts';
export { LIFE_QUEUE } from './jobs.ts';
