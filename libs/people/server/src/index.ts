export { PeopleModule } from './people.module.ts';
export {
  users,
  sessions,
  passwordResets,
  signInAttempts,
  departments,
  deptUsers,
  vacations,
  projects,
  projectParticipants,
  userFiles,
  ssoProviders,
  ssoRequests,
} from './schema.ts';
export { exportHeaders } from './export-workbook.ts';
export { sharedRateLimit, signInLimits, type SharedRateLimit } from './sign-in-limits.ts';
export { parseCsv } from './import.ts';
export { PASSWORD_RESET_QUEUE } from './password-reset.jobs.ts';
