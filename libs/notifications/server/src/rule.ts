import type { EventDef } from '@intranet/platform-contracts';
import type { BusEvent } from '@intranet/platform-bus';
import type { z } from 'zod';
import type { Draft } from './repository.ts';

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
