import type { Msg } from '@nats-io/nats-core';
import { LIVENESS_MS } from './nats-wire.ts';

/** A request waiting for its reply (NatsRequester). */
export interface Waiting {
  resolve: (m: Msg) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  /** When it was published (ms). */
  since: number;
  /** The first token of its subject: the service (queue group) that answers it. */
  domain: string;
  /** Its responder's liveness subject, once it acked (ACK_INBOX). */
  live?: string;
  /** Not acked, and it may have gone to a process found gone: failed unless acked within LIVENESS_MS of sending. */
  suspect?: boolean;
}

/** How long a responder that neither acked nor answered a ping stays known (ms). */
const KNOWN_MS = 30_000;

/** What a ping of a liveness subject found: an answer, NATS' "no responders" (the process is gone), or neither. */
export type PingResult = 'alive' | 'gone' | 'unknown';

/**
 * Issue 38 §1: requests held by a service process that died (kill -9, a crash) fail at once (503) instead of at the
 * end of their time limit (10 s for a write). Every service process acks a request still running after ACK_AFTER_MS
 * with its liveness subject, and each caller's first request of every second at once (nats-acks.ts); while a request waits longer than LIVENESS_MS, that subject is pinged, and NATS'
 * "no responders" there proves the process's connection is gone and the reply will never come.
 *
 * A request NATS routed to the process in its last instant (into a socket about to close) is never acked. Per
 * responder the requester keeps `cleared`: the send time up to which every request routed to it has been acked or
 * answered (its acks and ping answers leave on its one connection in the order the requests arrived, each after the
 * acks of the earlier requests still running). When a responder is
 * found gone by a ping sent at T, an unacked request of its service sent after `cleared` and before T may have been
 * lost with it: it fails once it is LIVENESS_MS old and still unacked (a live responder acks within ACK_AFTER_MS). A ping that
 * times out (a frozen or busy process still connected) proves nothing: requests then wait for their time limit.
 */
export class ResponderLiveness {
  /** Known responders by liveness subject: their service and `cleared` (see above). */
  private readonly known = new Map<string, { domain: string; cleared: number }>();
  private readonly pinging = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly waiting: Map<string, Waiting>,
    private readonly ping: (live: string) => Promise<PingResult>,
    private readonly fail: (token: string, w: Waiting) => void,
  ) {}

  /** A request was sent: checks run every LIVENESS_MS while any waits. */
  sent(): void {
    this.timer ??= setInterval(() => this.check(), LIVENESS_MS).unref();
  }

  /** Request `w` was acked by the process with liveness subject `live`. */
  acked(w: Waiting, live: string): void {
    w.live = live;
    w.suspect = false;
    const k = this.known.get(live);
    if (!k) this.known.set(live, { domain: w.domain, cleared: w.since });
    else if (w.since > k.cleared) k.cleared = w.since;
  }

  /** One round: fails the unacked suspects that are due, pings the responders of the requests waiting too long. */
  check(): void {
    if (!this.waiting.size) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const now = Date.now();
    // A responder not heard of for KNOWN_MS is forgotten: one that left gracefully (a rolling restart) must not
    // make a later unacked request of its service a suspect when a ping finds it gone.
    for (const [live, k] of this.known) if (now - k.cleared > KNOWN_MS && !this.pinging.has(live)) this.known.delete(live);
    const due = new Set<string>();
    for (const [token, w] of this.waiting) {
      if (now - w.since < LIVENESS_MS) continue;
      if (w.live) due.add(w.live);
      else if (w.suspect) this.fail(token, w);
      else for (const [live, k] of this.known) if (k.domain === w.domain) due.add(live);
    }
    for (const live of due) void this.probe(live);
  }

  private async probe(live: string): Promise<void> {
    if (this.pinging.has(live)) return;
    this.pinging.add(live);
    const at = Date.now();
    let found: PingResult;
    try {
      found = await this.ping(live);
    } finally {
      this.pinging.delete(live);
    }
    const k = this.known.get(live);
    if (found === 'alive' && k && at > k.cleared) k.cleared = at;
    if (found !== 'gone') return;
    this.known.delete(live);
    const now = Date.now();
    for (const [token, w] of this.waiting) {
      if (w.live === live) this.fail(token, w);
      else if (!w.live && k && w.domain === k.domain && w.since > k.cleared && w.since <= at) {
        if (now - w.since >= LIVENESS_MS) this.fail(token, w);
        else w.suspect = true;
      }
    }
  }
}
