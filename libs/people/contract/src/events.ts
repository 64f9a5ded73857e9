import { defineEvent, z, type EventDef, type EventPayload } from '@intranet/platform-contracts';

/**
 * Payload of `evt.people.user.created|updated|deleted`.
 * Carries what projections in other services keep (e.g. social's authors: name, avatar, birthday).
 */
export const userEventSchema = z.object({
  _id: z.string(),
  client_id: z.string().nullable(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  birthDate: z.string().nullable(),
  workingSince: z.string().nullable(),
  pinned_num: z.number().nullable(),
  roles: z.array(z.string()),
  deletion_mark: z.boolean(),
  /**
   * The day (YYYY-MM-DD, UTC) the user was deactivated (deleted), their last working day (§9 turnover); null while not
   * deleted. Absent from events that do not carry it (pins, sign-in changes): the receiver keeps what it knew.
   */
  deactivatedOn: z.string().nullable().optional(),
  /**
   * True on a user's current state sent again for the projections (the maintenance task "rebuild read models and
   * projections", peopleSubjects.republishUsers), not on a change: receivers update their copy and skip
   * what a change would trigger (a once-only accrual, a notice).
   */
  resync: z.boolean().optional(),
});
export type UserEventData = z.infer<typeof userEventSchema>;

/** Bulk role changes (§7 clients/{id}/role/{role}) send this instead of one event per user. */
export const bulkRoleEventSchema = z.object({ bulk: z.literal(true), role: z.string() });

export const peopleEvents = {
  userCreated: defineEvent('evt.people.user.created', userEventSchema),
  userUpdated: defineEvent('evt.people.user.updated', z.union([userEventSchema, bulkRoleEventSchema])),
  userDeleted: defineEvent('evt.people.user.deleted', userEventSchema),
  /** These sessions' tokens stop working at once (gateway caches, sockets). */
  sessionRevoked: defineEvent('evt.people.session.revoked', z.object({ sessionIds: z.array(z.string()), userId: z.string().nullable() })),
  passwordResetRequested: defineEvent('evt.people.password.reset_requested', z.object({ userId: z.string() })),
  /**
   * `evt.people.import.progress` (§7 register_many or load_hrm with an `importId`): rows processed so far out of
   * `total`; phase 'saving' while rows are stored, 'done' once, last. Sent to the importing admin's sockets only
   * (`userIds`), throttled and best-effort (describes no stored change: `emit`, not the outbox): the route's
   * per-row report is the source of truth.
   */
  importProgress: defineEvent(
    'evt.people.import.progress',
    z.object({
      importId: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      phase: z.enum(['saving', 'done']),
      userIds: z.array(z.string()),
      /** POST api/user/load_hrm only: the rows' outcome so far (created / updated / unchanged / fired / failed). */
      counts: z
        .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), fired: z.number().int(), failed: z.number().int() })
        .optional(),
    }),
  ),
} satisfies Record<string, EventDef>;

/** Any payload of `evt.people.user.*` (a consumer of the wildcard gets one of these). */
export type PeopleUserEventData = EventPayload<typeof peopleEvents.userUpdated>;
export type SessionRevokedEvent = EventPayload<typeof peopleEvents.sessionRevoked>;
export type ImportProgressEvent = EventPayload<typeof peopleEvents.importProgress>;
