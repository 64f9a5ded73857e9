/**
 * The people contract (§3 User, §7 Environment and session, Users): codes, schemas, routes, bus subjects and events,
 * each in its own module (issue 30 §5); the company structure is `@intranet/people-contract/structure`.
 */
export * from './codes.ts';
export { decodeCsvBytes } from './csv.ts';
export * from './events.ts';
export { peopleRoutes, peopleSubjects } from './routes.ts';
export {
  emailRule,
  fieldErrorSchema,
  GRANTABLE_ROLES,
  importRowBody,
  importRowResult,
  loginRule,
  passwordRule,
  pinnedUserSchema,
  registerBody,
  sessionInfoSchema,
  updateBody,
  userFields,
  userSchema,
  type PinnedUser,
  type SessionInfo,
  type User,
} from './schemas.ts';
export { SIGN_IN, signInSchema } from './sign-in.ts';
export { PEOPLE_TEXT } from './text.ts';
