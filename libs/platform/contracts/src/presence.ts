import { z } from 'zod';
import { defineEvent, defineSubject } from './messages.ts';

/**
 * Presence (issue 10 "a chat message while away"): which users have the portal open, as the gateway nodes see it
 * (DESIGN §6: the gateway relays, services never see sockets). Declared here rather than in a contract package of
 * its own: the gateway has no contract (it is not a domain), and one event and one request subject need no new
 * workspace package. A subpath export (`@intranet/platform-contracts/presence`), so the browsers' bundles never
 * carry it; not a relayed (realtime) subject either: nobody's browser learns who is online from it.
 */
export const presenceEvents = {
  /**
   * A user's identified sockets on one gateway node went from none to one (`online: true`) or back to none
   * (`online: false`). `node` is the publishing node's id (random per process): a user online on node B stays
   * online when their socket on node A closes. The event's clientId is the user's client.
   */
  changed: defineEvent(
    'evt.gateway.presence.changed',
    z.object({ user_id: z.string(), online: z.boolean(), node: z.string() }),
    "A user's identified sockets on one gateway node: first one opened, or last one closed",
  ),
  /**
   * A gateway node is alive (clientId null), every `every_ms`: a listener forgets the presence a node reported once
   * it has not heard from it for three periods (a crashed node never sends its users' `online: false`).
   */
  heartbeat: defineEvent(
    'evt.gateway.presence.heartbeat',
    z.object({ node: z.string(), every_ms: z.number().int().positive() }),
    'A gateway node is alive (its reported presence still holds)',
  ),
};

export const presenceSubjects = {
  /**
   * Which of `userIds` (of the caller context's client) have an identified socket on the answering gateway node,
   * and that node's id. One node answers a request: a consumer that starts late learns that node's users only and
   * hears of the rest from the events.
   */
  online: defineSubject(
    'gateway.presence.online',
    z.object({ userIds: z.array(z.string()).max(10_000) }),
    z.object({ online: z.array(z.string()), node: z.string() }),
    'Users of the list with an identified socket on the answering gateway node',
  ),
};
