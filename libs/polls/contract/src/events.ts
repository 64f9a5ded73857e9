import { defineEvent, z, type EventPayload } from '@intranet/platform-contracts';
import { POLL_TYPES } from './schemas.ts';

/** Events of the polls domain (DESIGN §6); consumers import these definitions. `userIds`: whose sockets get it. */
export const pollsEvents = {
  /** A poll was published: the recipients (notifications, the wall widget). */
  published: defineEvent(
    'evt.polls.poll.published',
    z.object({ pollId: z.string(), name: z.string(), type: z.enum(POLL_TYPES), authorId: z.string().nullable(), userIds: z.array(z.string()) }),
    'A poll was published to its recipients',
  ),
  /**
   * Someone answered (the shop accrues coins to `userId`). Goes to the answering user's sockets only and carries no
   * answer and nothing else of the answer row, so for an anonymous poll it tells no more than "who has passed".
   */
  answered: defineEvent(
    'evt.polls.poll.answered',
    z.object({ pollId: z.string(), userId: z.string(), userIds: z.array(z.string()) }),
    'A recipient answered a poll',
  ),
  /** The results moved (live charts): no person in it. Sent to the client's sockets. */
  resultsChanged: defineEvent('evt.polls.results.changed', z.object({ pollId: z.string(), answersCount: z.number() }), 'The results of a poll changed'),
  finished: defineEvent('evt.polls.poll.finished', z.object({ pollId: z.string(), authorId: z.string().nullable() }), 'A poll was finished'),
  /** A manager reminded those who have not answered (notifications words it); goes to their sockets. */
  reminded: defineEvent(
    'evt.polls.poll.reminded',
    z.object({ pollId: z.string(), name: z.string(), userIds: z.array(z.string()) }),
    'Recipients who have not answered were reminded',
  ),
  deleted: defineEvent('evt.polls.poll.deleted', z.object({ pollId: z.string() }), 'A poll was deleted'),
};
export type PollPublishedEvent = EventPayload<typeof pollsEvents.published>;
export type PollAnsweredEvent = EventPayload<typeof pollsEvents.answered>;
