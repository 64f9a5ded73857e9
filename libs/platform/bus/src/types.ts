/**
 * Who is asking, carried with every bus request (DESIGN §5). Built by the gateway from the verified token;
 * domain handlers never trust anything else for identity.
 */
export interface RequestContext {
  clientId: string | null;
  userId: string | null;
  /** The user's roles: 'superadmin' | 'admin' | 'employee' plus the feature rights of §6. */
  roles: string[];
  /** Workspace code of the tenant the request runs in. */
  workspace: string | null;
  lang: string;
  /** Caller's address (rate limiting, audit). */
  ip?: string;
  /** Session (token) id. */
  sessionId?: string | null;
  /**
   * Set by the gateway on a POST called with an Idempotency-Key (issue 38 §2): the caller's key scope and the
   * request's fingerprint. The service runs such a call once (platform-outbox `runOnce`).
   */
  idempotency?: { key: string; fingerprint: string };
  /**
   * Client features (§3, §6) switched off for the tenant, as the gateway found them: a domain whose routes serve
   * several modules (kb: knowledge base and vacancies) refuses the switched-off one's rows with it.
   */
  featuresOff?: string[];
}

/** Context for scheduler and bootstrap work with no user. */
export const systemContext = (clientId: string | null = null): RequestContext => ({
  clientId,
  userId: null,
  roles: ['system'],
  workspace: null,
  lang: 'en',
});

/** A bus request: the caller's context and the validated input of the route. */
export interface BusRequest<I = unknown> {
  ctx: RequestContext;
  input: I;
}

/** An event `evt.<domain>.<entity>.<verb>` (DESIGN §6). */
export interface BusEvent<T = unknown> {
  id: string;
  subject: string;
  clientId: string | null;
  at: string;
  data: T;
}

/**
 * What travels beside a request (not in its body): W3C trace context (`traceparent`, `tracestate`) as NATS message
 * headers on the wire, the same map in-process. Handlers that ignore it need not declare it.
 */
export interface BusMeta {
  headers?: Record<string, string>;
}

/** Options of one request: how long to wait (ms; the bus default 15 s) and headers to send with it. */
export interface RequestOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export type Handler<I = unknown, R = unknown> = (req: BusRequest<I>, meta?: BusMeta) => Promise<R>;
export type EventHandler<T = unknown> = (evt: BusEvent<T>) => Promise<void>;

export interface SubscribeOptions {
  /** A durable consumer name: events are kept while the consumer is away and redelivered until handled. */
  durable?: string;
  /**
   * With `durable`: when the consumer is created for the first time, start from the oldest event the stream
   * still keeps (7 days) instead of the next new one. For projections, so a service deployed after its source
   * still learns what happened before it first started; never for side effects such as sending mail.
   */
  replay?: boolean;
}

export interface PublishOptions {
  /** Event id (UUIDv7), also the de-duplication id; generated when absent. */
  id?: string;
  /** ISO time of the change; now when absent. */
  at?: string;
}

/**
 * The message bus port (DESIGN §1, §6): request/reply by subject `<domain>.<action>` and events.
 * Two implementations: InProcessBus (embedded) and NatsBus (distributed, queue groups, JetStream).
 */
export interface Bus {
  /** Sends a request; resolves with the handler's result or rejects with the DomainError it raised. */
  request<R = unknown>(subject: string, req: BusRequest, opts?: RequestOptions): Promise<R>;
  /**
   * Like request, but resolves with the result as JSON text (a string or its UTF-8 bytes), as the handler's side
   * serialised it: the gateway sends it on as the HTTP body without parsing and serialising it again (the feed's
   * 20 posts are ≈ 20 KB; tools/bench/README.md). Same errors as request.
   */
  requestJson(subject: string, req: BusRequest, opts?: RequestOptions): Promise<string | Uint8Array>;
  /**
   * Binds a handler to a subject, before or after `start()`: bound before, it is served once start() resolves;
   * bound after, from then on (NatsBus subscribes it at once, and its own requests wait until the NATS server has
   * the subscription). Throws when the subject is bound already. A bind after start() may return a promise that
   * resolves once the handler is reachable from other connections (NatsBus: the server has the SUB).
   */
  handle(subject: string, handler: Handler): void | Promise<void>;
  /**
   * Publishes an event; durable consumers will see it even if they are down right now. `opts.id` (the outbox
   * event id) makes a re-publish of the same event a duplicate that consumers never see twice; `opts.at` its time.
   */
  publish<T>(subject: string, clientId: string | null, data: T, opts?: PublishOptions): Promise<void>;
  /** Subscribes to events; `subject` may use NATS wildcards (`*`, `>`). Returns an unsubscribe function. */
  subscribe<T>(subject: string, handler: EventHandler<T>, opts?: SubscribeOptions): Promise<() => Promise<void>>;
  /**
   * A key-value bucket shared by every process on this bus (NATS JetStream KV; a Map in-process), whose entries
   * expire `ttlMs` after their last write: idempotency keys and similar short-lived shared state. Keys: any text
   * (hashed where the store restricts them). Errors: bus connection failures propagate.
   */
  keyValue(bucket: string, ttlMs: number): Promise<KeyValueStore>;
  start(): Promise<void>;
  close(): Promise<void>;
  /**
   * Readiness (issue 18 §6, /readyz): resolves when the bus can carry messages now (NATS: a round trip to the
   * server within `timeoutMs`); rejects with the reason otherwise (closed, disconnected, no answer).
   */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Consumer lag (issue 18 §6, /metrics), where it is cheap to know: per durable consumer of this process, the
   * events not yet delivered plus those delivered but not acknowledged. NatsBus asks JetStream (one call per
   * consumer); absent elsewhere.
   */
  consumerLag?(): Promise<{ consumer: string; pending: number }[]>;
}

/** A shared key-value bucket (Bus.keyValue). Values are text. */
export interface KeyValueStore {
  /** Writes `value` only when `key` has no live entry; true when it did (an atomic claim). */
  create(key: string, value: string): Promise<boolean>;
  /** The live value of `key`, or null. */
  get(key: string): Promise<string | null>;
  /** Writes `value` (and restarts its time to live). */
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Reply envelope: errors cross the bus as data (DESIGN §5). */
export type Reply = { ok: true; result: unknown } | { ok: false; error: import('@intranet/platform-errors').SerializedError };
