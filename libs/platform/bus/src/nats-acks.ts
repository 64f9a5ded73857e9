import type { Msg } from '@nats-io/nats-core';

/** How long a request runs before its ack goes out (ms); well below LIVENESS_MS, the age a caller first checks at. */
export const ACK_AFTER_MS = 100;
/** How often each caller gets an ack at once regardless (ms): it keeps this process known to the caller. */
export const EAGER_EVERY_MS = 1_000;

/**
 * The serving side's acks of issue 38 §1, sent only where a caller can use them (issue 39 §1). An ack tells the caller
 * which process holds its request, so that a request waiting longer than LIVENESS_MS can be checked by pinging that
 * process; most requests are answered long before that, and acking each of them at once cost a NATS message per
 * request (a third of the request's messages through the server, and a socket write of its own in the service).
 *
 * Now a request is acked when it has run ACK_AFTER_MS without a reply (in arrival order); the first request of each
 * caller in EAGER_EVERY_MS is acked at once, so the caller keeps knowing this process (a request lost with it in its
 * last instant is failed by that knowledge, ResponderLiveness). What the caller's bookkeeping relies on still holds:
 * before any ack or ping answer leaves, every earlier request still running has been acked (flush), so the acks and
 * ping answers leave in the order the requests came.
 */
export class RequestAcks {
  /** Requests received and neither answered nor acked yet, in arrival order, with their arrival (ms). */
  private readonly pending = new Map<Msg, number>();
  /** Each caller's (reply inbox) last ack sent at once (ms). */
  private readonly lastEager = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  /** `ack`: the packet naming this process's liveness subject (ackPacket). */
  constructor(private readonly ack: Uint8Array) {}

  /** Request `m` (its reply on an acking inbox) arrived. */
  received(m: Msg): void {
    const now = Date.now();
    const reply = m.reply!;
    const caller = reply.slice(0, reply.lastIndexOf('.'));
    const last = this.lastEager.get(caller);
    if (last === undefined || now - last >= EAGER_EVERY_MS) {
      if (this.lastEager.size >= 10_000) this.lastEager.clear();
      this.lastEager.set(caller, now);
      this.flush();
      m.respond(this.ack);
      return;
    }
    this.pending.set(m, now);
    if (!this.timer) this.arm(ACK_AFTER_MS);
  }

  /** Request `m`'s handler has settled (its reply is being sent): it needs no ack any more. */
  done(m: Msg): void {
    this.pending.delete(m);
  }

  /** Acks every request still waiting for one, oldest first (before a ping's answer or an ack sent at once). */
  flush(): void {
    for (const m of this.pending.keys()) m.respond(this.ack);
    this.pending.clear();
  }

  /** Stops the timer (the connection is closing). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.due(), ms);
    this.timer.unref();
  }

  private due(): void {
    this.timer = undefined;
    const now = Date.now();
    for (const [m, at] of this.pending) {
      if (now - at < ACK_AFTER_MS) return this.arm(ACK_AFTER_MS - (now - at));
      m.respond(this.ack);
      this.pending.delete(m);
    }
  }
}
