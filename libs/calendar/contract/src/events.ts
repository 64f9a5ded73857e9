import { defineEvent, z, type EventDef, type EventPayload } from '@intranet/platform-contracts';
import { SERIES_SCOPES } from './schemas.ts';

const who = { userIds: z.array(z.string()), actorId: z.string().nullable() };

/**
 * Events of the calendar domain (DESIGN §6); the notifications domain delivers them. `userIds` are the people
 * concerned (the gateway relays each only to their sockets).
 */
export const calendarEvents = {
  created: defineEvent(
    'evt.calendar.event.created',
    z.object({ _id: z.string(), name: z.string(), date: z.string(), periodic: z.boolean(), ...who }),
    'An event was created',
  ),
  invited: defineEvent(
    'evt.calendar.event.invited',
    z.object({ _id: z.string(), name: z.string(), date: z.string(), start_time: z.string(), ...who }),
    'Members were invited to an event (userIds: the new members)',
  ),
  updated: defineEvent(
    'evt.calendar.event.updated',
    z.object({
      _id: z.string(),
      name: z.string(),
      scope: z.enum(SERIES_SCOPES),
      occurrence: z.string().nullable(),
      changed: z.number().int(),
      deleted: z.number().int(),
      added: z.number().int(),
      ...who,
    }),
    'An event, one occurrence or a part of a series changed or was cancelled',
  ),
  deleted: defineEvent('evt.calendar.event.deleted', z.object({ _id: z.string(), name: z.string(), ...who }), 'An event (a whole series) was cancelled'),
  reminder: defineEvent(
    'evt.calendar.event.reminder',
    z.object({
      _id: z.string(),
      occurrence: z.string().nullable(),
      name: z.string(),
      start: z.string(),
      /** The event's time zone (notifications show the start in it where the reader's own zone is not known). */
      tz: z.string().optional(),
      minutes: z.number().int(),
      userIds: z.array(z.string()),
    }),
    'An occurrence starts soon: sent once per occurrence and member',
  ),
} satisfies Record<string, EventDef>;
export type ReminderEvent = EventPayload<typeof calendarEvents.reminder>;
