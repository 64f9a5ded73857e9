import { createHash } from 'node:crypto';
import { ClientNats, ServerNats } from '@nestjs/microservices';
import { DomainError } from '@intranet/platform-errors';
import { jetstream, jetstreamManager, AckPolicy, DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { createInbox, headers as natsHeaders, type Msg, type MsgCallback, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/nats-core';
import { v7 as uuidv7 } from 'uuid';
import { BLOB_KEY, fetchBlob, inlineLimit, isBlobRef, offerBlob, type BlobRef } from './blob.ts';
import { runHandler } from './in-process.ts';
import type {
  Bus,
  BusEvent,
  BusMeta,
  BusRequest,
  EventHandler,
  Handler,
  KeyValueStore,
  PublishOptions,
  Reply,
  RequestOptions,
  SubscribeOptions,
} from './types.ts';

/** Largest reply a service sends at all (larger ones are refused with 413 rather than held in memory). */
const MAX_REPLY_BYTES = 64 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Whether a JSON string exceeds `limit` bytes in UTF-8 (cheap test first: a UTF-16 unit is at most 3 bytes). */
function tooBig(json: string, limit: number): boolean {
  return json.length * 3 > limit && Buffer.byteLength(json) > limit;
}

/**
 * A reply packet as JSON. A successful reply is laid out as `{"id":…,"isDisposed":…,"response":{"ok":true,"result":…}}`
 * so that requestJson can take the result's bytes out of it without parsing (okResult); anything else is Nest's
 * own JSON.stringify of the packet.
 */
function replyData(packet: { id?: string; response?: unknown; isDisposed?: boolean; err?: unknown }): string {
  const r = packet.response as Reply | undefined;
  if (packet.err === undefined && typeof packet.id === 'string' && r?.ok === true && r.result !== undefined) {
    return `{"id":${JSON.stringify(packet.id)},"isDisposed":${packet.isDisposed === true},"response":{"ok":true,"result":${JSON.stringify(r.result)}}}`;
  }
  return JSON.stringify(packet);
}

/** The result's JSON bytes of a successful reply to request `id` laid out by replyData, else undefined. */
function okResult(data: Uint8Array, id: string): Uint8Array | undefined {
  const head = encoder.encode(`{"id":"${id}","isDisposed":true,"response":{"ok":true,"result":`);
  // Ends with the two closing braces of response and packet.
  if (data.length < head.length + 2 || data[data.length - 1] !== 0x7d || data[data.length - 2] !== 0x7d) return undefined;
  for (let i = 0; i < head.length; i++) if (data[i] !== head[i]) return undefined;
  return data.subarray(head.length, data.length - 2);
}

/**
 * ServerNats for plain subject patterns: Nest tries `JSON.parse` on every incoming pattern (for object patterns) and
 * catches the SyntaxError, a thrown exception per request for subjects like `social.post.news`. Only a pattern that
 * can be JSON (starts with `{`, `[` or `"`) goes that way here.
 */
class SubjectServerNats extends ServerNats {
  /** Requests being handled (their replies not sent yet). */
  readonly inflight = new Set<Promise<unknown>>();

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
    await super.close();
  }
}

/** How long a stopping service keeps answering the requests it already has (ms). */
const DRAIN_MS = 10_000;

/** How long a handler bound after start() waits for the NATS server to confirm its subscription (ms). */
const BIND_MS = 5_000;

/** A warning as a JSON line on stderr, like the process's logger's (issue 18 §6; the bus has no logger). */
function warn(msg: string): void {
  process.stderr.write(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), name: 'bus', msg })}\n`);
}

/** A request's headers as NATS message headers (undefined when there are none: no header block on the wire). */
function toNatsHeaders(h: Record<string, string> | undefined): MsgHdrs | undefined {
  if (!h) return undefined;
  let out: MsgHdrs | undefined;
  for (const [k, v] of Object.entries(h)) (out ??= natsHeaders()).set(k, v);
  return out;
}

/** The headers of a received request as BusMeta (undefined when it had none). */
function fromNatsHeaders(h: MsgHdrs | undefined): BusMeta | undefined {
  if (!h) return undefined;
  const headers: Record<string, string> = {};
  for (const k of h.keys()) headers[k.toLowerCase()] = h.get(k);
  return { headers };
}

/** An Error with `name` (what `unavailable` errors report as their cause). */
function named(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

export interface NatsBusOptions {
  servers: string;
  /** Queue group: several processes of one service share its requests (DESIGN §2). */
  queue?: string;
  /**
   * Prefix for every subject and the stream name; isolates test runs sharing one NATS server.
   * Empty in production.
   */
  prefix?: string;
  /** Delete the event stream on close (tests). */
  ephemeral?: boolean;
  requestTimeoutMs?: number;
}

/**
 * A NATS restart must not leave a process disconnected for good (nats.js gives up after 10 attempts by default):
 * retry forever, every half second (issue 18 §5: recovery within 5 s of the restart).
 */
const RECONNECT = { maxReconnectAttempts: -1, reconnectTimeWait: 500, reconnectJitter: 100 };

/**
 * The distributed bus: request/reply through @nestjs/microservices' NATS transport (ClientNats/ServerNats,
 * queue groups), events on NATS with JetStream durable consumers for subscribers that must not miss one.
 */
export class NatsBus implements Bus {
  private readonly client: ClientNats;
  /** The request server (its own connection), created by the first bind: a bus that serves nothing has none. */
  private server?: SubjectServerNats;
  private listening?: Promise<SubjectServerNats>;
  /** Bound request handlers by subject; start() subscribes those bound before it, handle() the later ones. */
  private readonly handlers = new Map<string, Handler>();
  /** Subjects subscribed on the request server (a second start() subscribes none twice: no handler runs twice). */
  private readonly subscribed = new Set<string>();
  private started = false;
  private closed = false;
  /** Subscriptions of handlers bound after start() still on their way to the NATS server (never rejects). */
  private binding?: Promise<void>;
  private nc?: NatsConnection;
  private readonly closers: Array<() => Promise<void>> = [];
  /** Event handlers still running; close() waits for them so none outlives the database. */
  private readonly running = new Set<Promise<void>>();
  private readonly stream: string;
  private readonly prefix: string;

  private readonly opts: NatsBusOptions;
  /** Our one reply subscription (`<inbox>.*`) and the requests waiting on it, by token. */
  private inbox?: string;
  private readonly waiting = new Map<string, { resolve: (m: Msg) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private seq = 0;
  /** True while the connection is down: requests fail at once (503) instead of waiting out their time limit. */
  private offline = false;
  /** Names of the durable consumers this bus consumes from (consumerLag). */
  private readonly durables = new Set<string>();

  constructor(opts: NatsBusOptions) {
    this.opts = opts;
    this.prefix = opts.prefix ? `${opts.prefix}.` : '';
    this.stream = `EVT${opts.prefix ? `_${opts.prefix.replace(/[^A-Za-z0-9]/g, '_')}` : ''}`;
    // noAsyncTraces: nats.js otherwise builds an Error (stack capture) on every request just in case it fails;
    // a failure here becomes a DomainError without that stack anyway (measured 1.8% of the gateway's CPU).
    this.client = new ClientNats({ servers: opts.servers, noAsyncTraces: true, ...RECONNECT });
  }

  async request<R>(subject: string, req: BusRequest, o?: RequestOptions): Promise<R> {
    return (await this.send(subject, req, o, false)) as R;
  }

  async requestJson(subject: string, req: BusRequest, o?: RequestOptions): Promise<string | Uint8Array> {
    return (await this.send(subject, req, o, true)) as string | Uint8Array;
  }

  async consumerLag(): Promise<{ consumer: string; pending: number }[]> {
    if (!this.durables.size || !this.nc || this.nc.isClosed()) return [];
    const jsm = await jetstreamManager(this.nc);
    const out: { consumer: string; pending: number }[] = [];
    for (const name of this.durables) {
      const info = await jsm.consumers.info(this.stream, name).catch(() => undefined);
      if (info) out.push({ consumer: name, pending: info.num_pending + info.num_ack_pending });
    }
    return out;
  }

  /** Resolves after a PING/PONG round trip to the NATS server within `timeoutMs` (default 2 s). */
  async ping(timeoutMs = 2000): Promise<void> {
    const nc = await this.connection();
    if (nc.isClosed()) throw new Error('the NATS connection is closed');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        nc.flush(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`NATS did not answer within ${timeoutMs} ms`)), timeoutMs))),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One request; `json`: resolve with the result's JSON (the reply's own bytes when laid out by replyData). */
  private async send(subject: string, req: BusRequest, o: RequestOptions | undefined, json: boolean): Promise<unknown> {
    const ms = o?.timeoutMs ?? this.opts.requestTimeoutMs ?? 15_000;
    let reply: Reply;
    // A handler this bus bound after start() is served here as soon as handle() returned, as in-process.
    if (this.binding && !this.offline) await this.binding;
    try {
      // One core-NATS request in Nest's packet format: ServerNats answers it as it would ClientNats, without
      // ClientNats' per-request reply subscription (measured ~7% cheaper per call).
      const nc = await this.connection();
      const pattern = this.prefix + subject;
      // The token names the reply subject and is the packet id ServerNats echoes (unique within this bus).
      const id = (++this.seq).toString(36);
      let body = JSON.stringify({ pattern, data: req, id });
      if (tooBig(body, inlineLimit(nc))) {
        // Above max_payload (a large CSV import, say): the service fetches the request from us in chunks.
        const ref = offerBlob(nc, this.prefix, encoder.encode(JSON.stringify(req)), ms);
        body = JSON.stringify({ pattern, data: { [BLOB_KEY]: ref }, id });
      }
      const msg = await this.ask(nc, pattern, body, id, ms, o?.headers);
      if (json) {
        const result = okResult(msg.data, id);
        if (result) return result;
      }
      let packet = msg.json<{ err?: unknown; response?: Reply | { [BLOB_KEY]: BlobRef } }>();
      if (isBlobRef(packet.response)) packet = JSON.parse(decoder.decode(await fetchBlob(nc, packet.response[BLOB_KEY], ms)));
      if (packet.err !== undefined || !packet.response) throw new Error(String(packet.err ?? 'empty reply'));
      reply = packet.response as Reply;
    } catch (err) {
      throw new DomainError('unavailable', `Service unavailable for ${subject}`, { details: { cause: (err as Error)?.name } });
    }
    if (!reply.ok) throw DomainError.from(reply.error);
    return json ? JSON.stringify(reply.result) : reply.result;
  }

  /**
   * Publishes `body` to `subject` with a reply subject on our one inbox subscription and resolves with the reply;
   * rejects after `ms` ms or when nobody listens (the server's 503 status). nats.js' own request() does the same but
   * builds an Error (a stack capture) on every successful request too (measured 4.4 % of the gateway's CPU).
   */
  private ask(nc: NatsConnection, subject: string, body: string, token: string, ms: number, hdrs?: Record<string, string>): Promise<Msg> {
    if (this.offline) return Promise.reject(named('DisconnectedError', 'the bus is reconnecting'));
    if (!this.inbox) {
      const inbox = (this.inbox = createInbox());
      nc.subscribe(`${inbox}.*`, {
        callback: (err, m) => {
          if (err) return; // the waiting requests time out
          const key = m.subject.slice(inbox.length + 1);
          const w = this.waiting.get(key);
          if (!w) return; // timed out already
          this.waiting.delete(key);
          clearTimeout(w.timer);
          if (m.data.length === 0 && m.headers?.code === 503) w.reject(named('NoRespondersError', 'no responders'));
          else w.resolve(m);
        },
      });
    }
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(named('TimeoutError', `no reply within ${ms} ms`));
      }, ms);
      this.waiting.set(token, { resolve, reject, timer });
      try {
        nc.publish(subject, body, { reply: `${this.inbox}.${token}`, headers: toNatsHeaders(hdrs) });
      } catch (err) {
        clearTimeout(timer);
        this.waiting.delete(token);
        reject(err as Error);
      }
    });
  }

  /**
   * Bus.handle. Before start(): start() subscribes it. After: subscribed at once (the request server is created if
   * this bus had no handler yet); the returned promise resolves once the NATS server has the subscription (a
   * request sent then from any connection is served), at most BIND_MS later while NATS is out of reach (nats.js
   * sends the SUB on reconnect). This bus's own requests wait for it. It never rejects: a bind that fails (the
   * server connection cannot be made) is logged and the subject unbound, so it may be bound again.
   * Throws synchronously when `subject` is bound already.
   */
  handle(subject: string, handler: Handler): Promise<void> {
    if (this.handlers.has(subject)) throw new Error(`Handler for ${subject} already bound`);
    this.handlers.set(subject, handler);
    if (!this.started) return Promise.resolve();
    const bound = this.bind([subject], BIND_MS).catch((err: unknown) => {
      if (this.handlers.get(subject) !== handler) return;
      this.handlers.delete(subject);
      this.subscribed.delete(subject);
      warn(`handler for ${subject} not bound: ${(err as Error)?.message ?? String(err)}`);
    });
    const all: Promise<void> = (this.binding = Promise.all([this.binding, bound]).then(() => {
      if (this.binding === all) this.binding = undefined;
    }));
    return bound;
  }

  async publish<T>(subject: string, clientId: string | null, data: T, opts: PublishOptions = {}): Promise<void> {
    // The id is JetStream's Nats-Msg-Id: a second publish of it within the stream's duplicate window is dropped.
    const evt: BusEvent<T> = { id: opts.id ?? uuidv7(), subject, clientId, at: opts.at ?? new Date().toISOString(), data };
    const js = jetstream(await this.connection());
    await js.publish(this.prefix + subject, JSON.stringify(evt), { msgID: evt.id });
  }

  async subscribe<T>(subject: string, handler: EventHandler<T>, opts: SubscribeOptions = {}): Promise<() => Promise<void>> {
    const nc = await this.connection();
    const full = this.prefix + subject;
    if (!opts.durable) {
      const sub: Subscription = nc.subscribe(full);
      void (async () => {
        for await (const m of sub) {
          // Non-durable: a failed handler loses only its own copy.
          await this.track(handler(m.json<BusEvent<T>>()).catch(() => undefined));
        }
      })();
      // The promise resolves once the server has the SUB, so an event published right after is not missed.
      await nc.flush();
      const close = async () => sub.unsubscribe();
      this.closers.push(close);
      return close;
    }
    const jsm = await jetstreamManager(nc);
    const name = opts.durable.replace(/[^A-Za-z0-9_-]/g, '_');
    try {
      await jsm.consumers.info(this.stream, name);
    } catch {
      await jsm.consumers.add(this.stream, {
        durable_name: name,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: opts.replay ? DeliverPolicy.All : DeliverPolicy.New,
        filter_subject: full,
        max_deliver: 10,
        ack_wait: 30_000_000_000,
      });
    }
    const consumer = await jetstream(nc).consumers.get(this.stream, name);
    this.durables.add(name);
    const messages: ConsumerMessages = await consumer.consume();
    void (async () => {
      for await (const m of messages) {
        await this.track(
          handler(m.json<BusEvent<T>>()).then(
            () => m.ack(),
            () => m.nak(500),
          ),
        );
      }
    })();
    const close = async () => {
      await messages.close();
    };
    this.closers.push(close);
    return close;
  }

  /**
   * Bus.keyValue on JetStream KV: bucket `<prefix><bucket>` with the given TTL, one value per key (history 1);
   * keys are sha256-hex of the caller's key (KV keys allow only a few characters). Ephemeral buses delete it on close.
   */
  async keyValue(bucket: string, ttlMs: number): Promise<KeyValueStore> {
    const { Kvm } = await import('@nats-io/kv');
    const nc = await this.connection();
    const name = `${this.prefix}${bucket}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const kv = await new Kvm(nc).create(name, { ttl: ttlMs, history: 1 });
    if (this.opts.ephemeral) this.closers.push(() => kv.destroy().then(() => undefined));
    const k = (key: string) => createHash('sha256').update(key).digest('hex');
    return {
      async create(key, value) {
        try {
          await kv.create(k(key), value);
          return true;
        } catch (err) {
          // "wrong last sequence": a live entry exists (another request claimed it first).
          if (/wrong last sequence|key exists/i.test((err as Error).message)) return false;
          throw err;
        }
      },
      async get(key) {
        const e = await kv.get(k(key));
        return e && e.operation === 'PUT' ? e.string() : null;
      },
      async put(key, value) {
        await kv.put(k(key), value);
      },
      async delete(key) {
        await kv.delete(k(key));
      },
    };
  }

  async start(): Promise<void> {
    const nc = await this.connection();
    const jsm = await jetstreamManager(nc);
    try {
      await jsm.streams.info(this.stream);
    } catch {
      try {
        await jsm.streams.add({ name: this.stream, subjects: [`${this.prefix}evt.>`], max_age: 7 * 24 * 3600 * 1e9 });
      } catch (err) {
        // Another process created it between our look and our add.
        await jsm.streams.info(this.stream).catch(() => {
          throw err;
        });
      }
    }
    // Handlers bound from here on are subscribed by handle(); these are the ones bound before.
    this.started = true;
    if (this.handlers.size) await this.bind([...this.handlers.keys()]);
    // Same for the event subscriptions made on our own connection before start().
    await nc.flush();
  }

  /**
   * Subscribes the handlers of `subjects` on the request server (created and connected on first use) and resolves
   * once the NATS server has their SUBs (ServerNats sends them without waiting: a request sent at once from another
   * connection would get "no responders"), or after `flushMs` ms (unbounded when absent). Errors: the server's
   * connection failing.
   */
  private async bind(subjects: string[], flushMs?: number): Promise<void> {
    if (this.closed) return;
    // A failed connect is forgotten, so that a later bind tries again.
    const server = await (this.listening ??= this.listen().catch((err: unknown) => {
      this.listening = undefined;
      throw err;
    }));
    if (this.closed) return;
    for (const subject of subjects) {
      const handler = this.handlers.get(subject);
      if (!handler || this.subscribed.has(subject)) continue;
      this.subscribed.add(subject);
      const route = this.prefix + subject;
      server.addHandler(route, this.serverHandler(handler));
      server.subscribeRoute(route, this.opts.queue);
    }
    const flushed = server.unwrap<NatsConnection>().flush();
    if (flushMs === undefined) return flushed;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([flushed.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, flushMs)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Creates the request server (queue group `opts.queue`) and connects it, with no handler yet. */
  private async listen(): Promise<SubjectServerNats> {
    const prefix = this.prefix;
    const timeoutMs = this.opts.requestTimeoutMs ?? 15_000;
    const serverConn = () => server.unwrap<NatsConnection>();
    const server = new SubjectServerNats({
      servers: this.opts.servers,
      queue: this.opts.queue,
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
          const ref = offerBlob(nc, prefix, bytes, timeoutMs);
          return { data: JSON.stringify({ id: packet.id, isDisposed: packet.isDisposed, response: { [BLOB_KEY]: ref } }) };
        },
      },
    });
    await new Promise<void>((resolve, reject) => {
      void server.listen((err?: unknown) => (err ? reject(err) : resolve()));
    });
    this.server = server;
    return server;
  }

  /** `handler` as ServerNats calls it: fetches a claim-checked request, runs it, counts it in flight (drain). */
  private serverHandler(handler: Handler) {
    const timeoutMs = this.opts.requestTimeoutMs ?? 15_000;
    return async (data: BusRequest | { [BLOB_KEY]: BlobRef }, ctx?: { getHeaders(): unknown }) => {
      const server = this.server!;
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

  private async track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    try {
      await p;
    } finally {
      this.running.delete(p);
    }
  }

  async close(): Promise<void> {
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(named('ClosedConnectionError', 'the bus closed'));
    }
    this.waiting.clear();
    for (const c of this.closers.splice(0)) await c().catch(() => undefined);
    await Promise.allSettled([...this.running]);
    // A request server still connecting (a late bind) is closed too, not left connected.
    this.closed = true;
    const server = this.server ?? (await this.listening?.catch(() => undefined));
    if (server) await server.close();
    if (this.opts.ephemeral && this.nc) {
      const jsm = await jetstreamManager(this.nc);
      await jsm.streams.delete(this.stream).catch(() => undefined);
    }
    await this.client.close();
  }

  private async connection(): Promise<NatsConnection> {
    if (!this.nc) {
      await this.client.connect();
      const nc = (this.nc = this.client.unwrap<NatsConnection>());
      void this.watch(nc);
    }
    return this.nc;
  }

  /**
   * Follows the connection's status: on a disconnect the requests waiting for replies fail at once (a reply sent
   * while we were away never comes) and new ones fail fast until the reconnect.
   */
  private async watch(nc: NatsConnection): Promise<void> {
    for await (const st of nc.status()) {
      if (st.type === 'disconnect') {
        this.offline = true;
        for (const [token, w] of this.waiting) {
          this.waiting.delete(token);
          clearTimeout(w.timer);
          w.reject(named('DisconnectedError', 'the bus lost its connection'));
        }
      } else if (st.type === 'reconnect') this.offline = false;
    }
  }
}
