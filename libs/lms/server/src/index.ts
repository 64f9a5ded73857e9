export { LmsModule } from './lms.module.ts';
export { attempts, courses, idps, lessons, lmsAdmins, progress, tests } from './schema.ts';
