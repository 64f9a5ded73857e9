import { defineSubject, Id, z, type SubjectDef } from '@intranet/platform-contracts';
import { userSchema } from './index.ts';

/**
 * Bus-only look-ups other domains ask people for (no HTTP route), imported as `@intranet/people-contract/lookup`: a
 * module of their own so the shell's first load (its shared singletons import the package's main module) does not
 * carry them. The client is the request context's (`ctx.clientId`; a system context of that client is fine).
 */
export const peopleLookupSubjects = {
  /**
   * { userId } → the user's direct chief, or null: the head of the user's administrative department (§3 Department,
   * the deepest one when the user is in several), else the head of the nearest ancestor department that has one
   * (a head is never their own chief); when the structure names nobody, the user's `chiefCode` (§3 User) naming an
   * active employee of the client by id, login or e-mail. Deleted and blocked users are skipped.
   */
  directChief: defineSubject(
    'people.internal.directChief',
    z.object({ userId: Id }),
    userSchema.nullable(),
    "A user's direct chief from the administrative structure (chiefCode as a fallback)",
  ),
  /** { ids } → those of the users that exist in the client, are active and not deleted (any order; at most 1,000 asked). */
  usersByIds: defineSubject(
    'people.internal.usersByIds',
    z.object({ ids: z.array(Id).max(1000) }),
    z.array(userSchema),
    'Active users of the client among the given ids',
  ),
} satisfies Record<string, SubjectDef>;
