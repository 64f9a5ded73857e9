import { z } from 'zod';
import { defineEvent, defineSubject } from './messages.ts';

/**
 * Presence (issue 10 "a chat message while away"): which users have the portal open, as the gateway nodes see it
 * (DESIGN §6: the gateway relays, services never see sockets). Declared here rather than in a contract package of
 * its own: the gateway has no contract (it is not a domain), and two events and one request subject (asked of any
 * node, or of one: `presenceOnlineOn`) need no new workspace package. A subpath export
 * (`@intranet/platform-contracts/presence`), so the browsers' bundles never carry it; not a relayed (realtime)
 * subject either: nobody's browser learns who is online from it.
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
   * it has not heard from it for three periods (a crashed node never sends its users' `online: false`). The gateway
   * nodes listen too (that is how each knows its live peers, `nodes` of `gateway.presence.online`); a node beats once
   * more at once when it hears a peer for the first time, so a new node learns the others without waiting a period.
   */
  heartbeat: defineEvent(
    'evt.gateway.presence.heartbeat',
    z.object({ node: z.string(), every_ms: z.number().int().positive() }),
    'A gateway node is alive (its reported presence still holds)',
  ),
};

/** A `gateway.presence.online` question: the users of the caller context's client to look up. */
const onlineRequest = z.object({ userIds: z.array(z.string()).max(10_000) });
/**
 * The answer: those of `userIds` with an identified socket on the answering node, that node's id, and `nodes`: the
 * gateway nodes it knows alive (itself and every peer it heard beat within three of that peer's periods). A node of
 * an older release sends no `nodes` (read as none besides itself).
 */
const onlineReply = z.object({ online: z.array(z.string()), node: z.string(), nodes: z.array(z.string()).default([]) });

export const presenceSubjects = {
  /**
   * Which of `userIds` (of the caller context's client) have an identified socket on the answering gateway node.
   * Every node serves it (no queue group) and a request keeps the first reply, so one node's users only: the asker
   * asks each other node of the answer's `nodes` on its own subject (`presenceOnlineOn`).
   */
  online: defineSubject('gateway.presence.online', onlineRequest, onlineReply, 'Users of the list with an identified socket on the answering gateway node'),
};

/**
 * `gateway.presence.online.<node>`: the same question put to one gateway node, the only one serving that subject
 * (`node`: its id from an answer's `nodes` or a heartbeat). Nobody serving it (the node is gone) fails the request
 * like any unanswered one. Throws when `node` cannot be one NATS subject token (empty, or with `.`, `*`, `>` or
 * white space).
 */
export function presenceOnlineOn(node: string) {
  if (!/^[^.*>\s]+$/.test(node)) throw new Error(`Gateway node id ${JSON.stringify(node)} cannot be a subject token`);
  return defineSubject(
    `${presenceSubjects.online.subject}.${node}`,
    onlineRequest,
    onlineReply,
    'Users of the list with an identified socket on that gateway node',
  );
}
