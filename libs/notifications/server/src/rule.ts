import type { EventDef } from '@intranet/platform-contracts';
import type { BusEvent } from '@intranet/platform-bus';
import type { z } from 'zod';

/** A notification to store: who gets it, what it says, and its idempotency key (unique per client). */
export interface Draft {
  userId: string;
  section: string;
  type: string;
  title: string;
  text: string;
  link: string | null;
  object: { type: string; id: string } | null;
  actorId: string | null;
  data?: Record<string, string>;
  key: string;
  /** Not stored while the user still has an unread one of the same type and object (chat: one per room). */
  collapse?: boolean;
}

/**
 * A draft's `userId` that stands for the client's administrators: the consumer makes one draft per administrator
 * (not the actor), each keyed `<key>:<admin id>` (`expandAddressees`).
 */
export const ADMINS = '@admins';

/**
 * A draft's `userId` that stands for whoever approves `userId`'s vacation: their direct chief (people's look-up),
 * else the employees with the `vacations_edit` right and the administrators (never the employee themselves).
 */
export const APPROVERS_OF = (userId: string) => `@approvers:${userId}`;

/** A person's display name from the first and last name an event carries (either may be missing). */
export const nameOf = (a: { firstName: string | null; lastName: string | null }) => [a.firstName, a.lastName].filter(Boolean).join(' ');

/**
 * One consumed event kind: its contract definition and the drafts it becomes (who gets what). Drafts carry an
 * idempotency key: semantic where the notification is about a state (a mention of a person in a post: editing the
 * post notifies only the newly mentioned), else built on the event id (stable across redelivery and replay).
 */
export interface Rule<S extends z.ZodType = z.ZodType> {
  def: EventDef<S>;
  drafts(evt: BusEvent<z.output<S>>): Draft[];
  /** Only people away (no identified socket on any gateway node: PresenceMap) are notified: the others see it live. */
  awayOnly?: boolean;
}

/** A rule with its payload's type inferred from the event definition. */
export const rule = <S extends z.ZodType>(def: EventDef<S>, drafts: (evt: BusEvent<z.output<S>>) => Draft[], opts: { awayOnly?: boolean } = {}): Rule =>
  ({ def, drafts, ...opts }) as unknown as Rule;
