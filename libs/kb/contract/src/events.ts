import { assistantEvents } from './assistant.ts';
import { defineEvent, z, type EventDef, type EventPayload } from '@intranet/platform-contracts';

/**
 * Events of the kb service. The gateway relays `evt.kb.>` to the workspace's browsers, so article events carry
 * ids only (never titles: a restricted article must not leak); clients refetch through the grants.
 * `vacancy.responded` goes to its receivers only (`userIds`).
 */
const articleEvent = z.object({ _id: z.string(), parent: z.string().nullable(), section: z.string() });

/** Payload of evt.kb.vacancy.responded: the receivers and the vacancy's owner (author) are notified. */
const vacancyRespondedSchema = z.object({
  vacancyId: z.string(),
  /** The vacancy's title, for the receivers' notification (they may read the vacancy's responses anyway). */
  title: z.string(),
  responseId: z.string(),
  userId: z.string(),
  /** The responder's name as the kb knows it. */
  userName: z.string().nullable(),
  receivers: z.array(z.string()),
  /** The vacancy's author, notified with the receivers (null when unknown). */
  ownerId: z.string().nullable(),
  /** The relay sends it to these users only. */
  userIds: z.array(z.string()),
  cvKey: z.string().nullable(),
});

export const kbEvents = {
  articleCreated: defineEvent('evt.kb.article.created', articleEvent),
  articleUpdated: defineEvent('evt.kb.article.updated', articleEvent),
  articleDeleted: defineEvent('evt.kb.article.deleted', articleEvent),
  /** A user's first view of an article (PUT api/article/{id}/view/{user}): adaptation finishes its article steps. Ids only. */
  articleViewed: defineEvent(
    'evt.kb.article.viewed',
    z.object({ _id: z.string(), userId: z.string(), userIds: z.array(z.string()) }),
    'A user viewed an article',
  ),
  vacancyResponded: defineEvent('evt.kb.vacancy.responded', vacancyRespondedSchema),
  ...assistantEvents,
} satisfies Record<string, EventDef>;

export type ArticleEvent = EventPayload<typeof kbEvents.articleCreated>;
export type VacancyRespondedEvent = EventPayload<typeof kbEvents.vacancyResponded>;
