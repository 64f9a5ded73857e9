import { ClientNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { v7 as uuidv7 } from 'uuid';
import { consumeDurable, consumerLag, deleteStream, ensureStream, publishEvent, streamName } from './nats-jetstream.ts';
import { natsKeyValue } from './nats-kv.ts';
import { NatsRequester } from './nats-request.ts';
import { listenRequestServer, serverHandler, type SubjectServerNats } from './nats-server.ts';
import { BIND_MS, DEFAULT_TIMEOUT_MS, RECONNECT, warn } from './nats-wire.ts';
import type { Bus, BusEvent, BusRequest, EventHandler, Handler, KeyValueStore, PublishOptions, RequestOptions, SubscribeOptions } from './types.ts';

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
 * The distributed bus: request/reply through @nestjs/microservices' NATS transport (ClientNats/ServerNats,
 * queue groups; nats-request.ts, nats-server.ts), events on NATS with JetStream durable consumers for subscribers
 * that must not miss one (nats-jetstream.ts), key-value buckets on JetStream KV (nats-kv.ts).
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
  private readonly requests: NatsRequester;
  /** Names of the durable consumers this bus consumes from (consumerLag). */
  private readonly durables = new Set<string>();

  constructor(opts: NatsBusOptions) {
    this.opts = opts;
    this.prefix = opts.prefix ? `${opts.prefix}.` : '';
    this.stream = streamName(opts.prefix);
    this.requests = new NatsRequester(this.prefix);
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
    return consumerLag(this.nc, this.stream, this.durables);
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
    const ms = o?.timeoutMs ?? this.opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    // A handler this bus bound after start() is served here as soon as handle() returned, as in-process.
    if (this.binding && !this.requests.offline) await this.binding;
    return this.requests.send(() => this.connection(), subject, req, ms, o?.headers, json);
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
    const evt: BusEvent<T> = { id: opts.id ?? uuidv7(), subject, clientId, at: opts.at ?? new Date().toISOString(), data };
    await publishEvent(await this.connection(), this.prefix + subject, evt);
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
    const name = opts.durable.replace(/[^A-Za-z0-9_-]/g, '_');
    const messages = await consumeDurable(nc, this.stream, name, full, opts.replay);
    this.durables.add(name);
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

  /** Bus.keyValue on JetStream KV (nats-kv.ts), bucket `<prefix><bucket>`; ephemeral buses delete it on close. */
  async keyValue(bucket: string, ttlMs: number): Promise<KeyValueStore> {
    const name = `${this.prefix}${bucket}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const { store, destroy } = await natsKeyValue(await this.connection(), name, ttlMs);
    if (this.opts.ephemeral) this.closers.push(destroy);
    return store;
  }

  async start(): Promise<void> {
    const nc = await this.connection();
    await ensureStream(nc, this.stream, this.prefix);
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
    const timeoutMs = this.opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    for (const subject of subjects) {
      const handler = this.handlers.get(subject);
      if (!handler || this.subscribed.has(subject)) continue;
      this.subscribed.add(subject);
      const route = this.prefix + subject;
      server.addHandler(route, serverHandler(server, handler, timeoutMs));
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
    const { servers, queue, requestTimeoutMs } = this.opts;
    const server = await listenRequestServer({ servers, queue, prefix: this.prefix, timeoutMs: requestTimeoutMs ?? DEFAULT_TIMEOUT_MS });
    this.server = server;
    return server;
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
    this.requests.failAll('ClosedConnectionError', 'the bus closed');
    for (const c of this.closers.splice(0)) await c().catch(() => undefined);
    await Promise.allSettled([...this.running]);
    // A request server still connecting (a late bind) is closed too, not left connected.
    this.closed = true;
    const server = this.server ?? (await this.listening?.catch(() => undefined));
    if (server) await server.close();
    if (this.opts.ephemeral && this.nc) await deleteStream(this.nc, this.stream);
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
        this.requests.offline = true;
        this.requests.failAll('DisconnectedError', 'the bus lost its connection');
      } else if (st.type === 'reconnect') this.requests.offline = false;
    }
  }
}
