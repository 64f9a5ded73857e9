import { ServerNats } from '@nestjs/microservices';
import { DomainError } from '@intranet/platform-errors';
import { createInbox, type Msg, type MsgCallback, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/nats-core';
import { BLOB_KEY, fetchBlob, inlineLimit, isBlobRef, offerBlob, type BlobRef } from './blob.ts';
import { runHandler } from './in-process.ts';
import { RequestAcks } from './nats-acks.ts';
import { ACK_INBOX, ackPacket, decoder, DRAIN_MS, encoder, fromNatsHeaders, MAX_REPLY_BYTES, RECONNECT, replyData, tooBig } from './nats-wire.ts';
import type { BusRequest, Handler, Reply } from './types.ts';

/** The serving side of request/reply on NATS: Nest's ServerNats, tuned for plain subjects, drain and large replies. */

/**
 * ServerNats for plain subject patterns: Nest tries `JSON.parse` on every incoming pattern (for object patterns) and
 * catches the SyntaxError, a thrown exception per request for subjects like `social.post.news`. Only a pattern that
 * can be JSON (starts with `{`, `[` or `"`) goes that way here.
 */
export class SubjectServerNats extends ServerNats {
  /** Requests being handled (their replies not sent yet). */
  readonly inflight = new Set<Promise<unknown>>();
  /** The acks of the requests whose callers ask for them (liven; RequestAcks: once a request runs long). */
  private acks?: RequestAcks;

  /**
   * Subscribes this process's liveness subject (`<prefix>_live.<unique>`, answered while its connection lives) and
   * acks the requests from then on with it (issue 38 §1; RequestAcks: those still running after ACK_AFTER_MS, and a
   * caller's first of each second at once): a caller waiting for a reply pings that subject and fails the request at
   * once (503) when NATS says nobody listens there any more, i.e. this process died with the request, instead of
   * waiting out the request's time limit (10 s for a write).
   */
  liven(prefix: string): void {
    const subject = `${prefix}_live.${createInbox('x').slice(2)}`;
    const acks = (this.acks = new RequestAcks(ackPacket(subject)));
    // Not in `subs()`: a graceful close() drains the routes but keeps answering pings until the connection closes.
    // The requests that came before the ping and still run are acked before its answer (their order, RequestAcks).
    this.unwrap<NatsConnection>().subscribe(subject, {
      callback: (_err, m) => {
        acks.flush();
        m.respond();
      },
    });
  }

  /** Nest's message handler; a request whose reply goes to an acking requester (NatsRequester) is tracked for its ack. */
  override getMessageHandler(channel: string): (...args: unknown[]) => Promise<unknown> {
    const handle = super.getMessageHandler(channel) as (err: unknown, msg: Msg) => Promise<unknown>;
    return (err: unknown, msg: unknown) => {
      const m = msg as Msg | undefined;
      const acks = this.acks;
      if (!acks || !m?.reply?.startsWith(ACK_INBOX)) return handle(err, m!);
      acks.received(m);
      // Settled means the reply is published (Nest sends it on the next tick, before any timer can ack it).
      return handle(err, m).finally(() => acks.done(m));
    };
  }

  override getRouteFromPattern(pattern: string): string {
    const c = pattern.charCodeAt(0);
    return c === 0x7b || c === 0x5b || c === 0x22 ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  /**
   * Subscribes `route`, a handler added (addHandler) after listen(): Nest's bindEvents subscribes only the handlers
   * present at listen. Same subscription as bindEvents makes (queue group, Nest's message handler), kept in
   * `subscriptions` so close() drains it too. The SUB leaves without waiting; the caller flushes.
   */
  subscribeRoute(route: string, queue: string | undefined): void {
    const sub = this.unwrap<NatsConnection>().subscribe(route, { queue, callback: this.getMessageHandler(route).bind(this) as MsgCallback<Msg> });
    this.subs().push(sub);
  }

  private subs(): Subscription[] {
    const self = this as unknown as { subscriptions?: Subscription[] };
    return (self.subscriptions ??= []);
  }

  /**
   * Graceful stop (issue 18 §5, SIGTERM in a rolling restart): drains the request subscriptions, so NATS sends new
   * requests to the queue group's other members and the ones already delivered here are still handled; waits up
   * to DRAIN_MS for the handlers to answer and the replies to leave; then closes the connection.
   */
  override async close(): Promise<void> {
    const subs = this.subs();
    await Promise.allSettled(subs.map((sub) => sub.drain()));
    const until = Date.now() + DRAIN_MS;
    while (this.inflight.size && Date.now() < until) {
      await Promise.race([Promise.allSettled([...this.inflight]), new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())))]);
    }
    // Nest publishes a reply right after its handler settles: let that happen, then push it out.
    await new Promise((r) => setImmediate(r));
    await this.unwrap<NatsConnection>()
      .flush()
      .catch(() => undefined);
    this.acks?.close();
    await super.close();
  }
}

/** Settings of a request server: NATS URL(s), queue group, subject prefix, time limit of a claim-checked reply (ms). */
export interface RequestServerOptions {
  servers: string;
  queue?: string;
  prefix: string;
  timeoutMs: number;
}

/**
 * Creates the request server (queue group `o.queue`) and connects it, with no handler yet. Errors: the connection
 * failing.
 */
export async function listenRequestServer(o: RequestServerOptions): Promise<SubjectServerNats> {
  const serverConn = () => server.unwrap<NatsConnection>();
  const server = new SubjectServerNats({
    servers: o.servers,
    queue: o.queue,
    noAsyncTraces: true,
    ...RECONNECT,
    // Nest's own serializer is JSON.stringify of the packet; this one also hands replies above max_payload
    // over by claim check (NATS would drop them and the caller would time out).
    serializer: {
      serialize(packet: { id?: string; response?: unknown; isDisposed?: boolean; err?: unknown }) {
        const data = replyData(packet);
        const nc = serverConn();
        if (!tooBig(data, inlineLimit(nc))) return { data };
        const bytes = encoder.encode(data);
        if (bytes.length > MAX_REPLY_BYTES) {
          const error = new DomainError('payload_too_large', 'The answer is too large; ask for less (paging or one level at a time)').toJSON();
          return { data: JSON.stringify({ id: packet.id, isDisposed: true, response: { ok: false, error } satisfies Reply }) };
        }
        const ref = offerBlob(nc, o.prefix, bytes, o.timeoutMs);
        return { data: JSON.stringify({ id: packet.id, isDisposed: packet.isDisposed, response: { [BLOB_KEY]: ref } }) };
      },
    },
  });
  await new Promise<void>((resolve, reject) => {
    void server.listen((err?: unknown) => (err ? reject(err) : resolve()));
  });
  server.liven(o.prefix);
  return server;
}

/**
 * `handler` as ServerNats calls it on `server`: fetches a claim-checked request (within `timeoutMs` ms; a failure
 * answers `unavailable`), runs it, counts it in flight (drain).
 */
export function serverHandler(server: SubjectServerNats, handler: Handler, timeoutMs: number) {
  return async (data: BusRequest | { [BLOB_KEY]: BlobRef }, ctx?: { getHeaders(): unknown }) => {
    if (isBlobRef(data)) {
      try {
        data = JSON.parse(decoder.decode(await fetchBlob(server.unwrap<NatsConnection>(), data[BLOB_KEY], timeoutMs))) as BusRequest;
      } catch {
        return { ok: false, error: new DomainError('unavailable', 'The request could not be read; try again').toJSON() } satisfies Reply;
      }
    }
    const p = runHandler(handler, data, fromNatsHeaders(ctx?.getHeaders() as MsgHdrs | undefined));
    server.inflight.add(p);
    try {
      return await p;
    } finally {
      server.inflight.delete(p);
    }
  };
}
