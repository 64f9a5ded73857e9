export { LmsModule } from './lms.module.ts';
export { items } from './schema.ts';
