import { defineSubject, Id, z, type SubjectDef } from '@intranet/platform-contracts';
import { userSchema, type User } from './schemas.ts';

/** people.user.get's bus subject (the route's, §7 Users). */
const peopleUserGetSubject = 'people.user.get';

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

/** The one method of the platform's Bus that a people client needs (structural, so the contract imports no server lib). */
export interface PeopleRequester {
  request<R = unknown>(subject: string, req: { ctx: PeopleAskContext; input: unknown }, opts?: { timeoutMs?: number }): Promise<R>;
}

/** The request context a look-up runs in: the system of the caller's client (platform-bus `systemContext`). */
export interface PeopleAskContext {
  clientId: string | null;
  userId: string | null;
  roles: string[];
  workspace: string | null;
  lang: string;
}

const systemOf = (clientId: string): PeopleAskContext => ({ clientId, userId: null, roles: ['system'], workspace: null, lang: 'en' });

/** The 404 family of people's answers (absent, another client's, deleted ids): everything else is a real failure. */
const isNotFound = (err: unknown) => {
  const kind = (err as { kind?: string } | null)?.kind;
  return kind === 'not_found' || kind === 'user_not_found';
};

/**
 * The typed client other domains use to ask people about users (DESIGN §2: a domain never reads another's schema).
 * Every call runs as the system of `clientId`. Errors: a failing people service (503, timeout) propagates as it is;
 * only "not found" becomes `null` / absence.
 */
export function peopleClient(bus: PeopleRequester) {
  const ask = async <R>(def: SubjectDef, clientId: string, input: unknown): Promise<R> =>
    def.reply.parse(await bus.request(def.subject, { ctx: systemOf(clientId), input: def.request.parse(input) })) as R;
  return {
    /** One user of the client by id (any status, deleted included), or null when the client has no such user. */
    async user(clientId: string, id: string): Promise<User | null> {
      try {
        const u = userSchema.parse(
          await bus.request(peopleUserGetSubject, { ctx: systemOf(clientId), input: { params: { id }, query: {}, body: {} } }),
        ) as User;
        return u.client_id === clientId ? u : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    /** The active, not deleted users of the client among `ids` (deduplicated; at most 1,000 a call), keyed by id. */
    async usersByIds(clientId: string, ids: Iterable<string>): Promise<Map<string, User>> {
      const want = [...new Set(ids)];
      if (!want.length) return new Map();
      const found = await ask<User[]>(peopleLookupSubjects.usersByIds, clientId, { ids: want });
      return new Map(found.map((u) => [u._id, u]));
    },
    /** The user's direct chief (see `peopleLookupSubjects.directChief`), or null. */
    directChief(clientId: string, userId: string): Promise<User | null> {
      return ask<User | null>(peopleLookupSubjects.directChief, clientId, { userId });
    },
  };
}

/** The people client's type (for constructor injection and `useValue` in unit specs). */
export type PeopleClient = ReturnType<typeof peopleClient>;
