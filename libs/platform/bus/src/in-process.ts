import { DomainError, Errors, isUnavailableError, serializeError } from '@intranet/platform-errors';
import { v7 as uuidv7 } from 'uuid';
import { subjectMatches } from './subject.ts';
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

/** How many recent event ids the in-process bus remembers for de-duplication. */
const RECENT_IDS = 10_000;

interface Sub {
  pattern: string;
  handler: EventHandler;
  durable?: string;
}

/**
 * The embedded-mode bus (DESIGN §1): same contract as NatsBus inside one process. Payloads go through a JSON
 * round trip so handlers see exactly what they would over the wire. Durable subscribers get each event
 * retried (up to 5 times, with back-off) until their handler succeeds, as a JetStream consumer would.
 */
export class InProcessBus implements Bus {
  private readonly handlers = new Map<string, Handler>();
  private readonly subs = new Set<Sub>();
  private readonly inflight = new Set<Promise<void>>();
  private closed = false;
  private readonly recentIds = new Set<string>();

  private readonly buckets = new Map<string, Map<string, { value: string; until: number }>>();

  /** Bus.keyValue: a Map per bucket; an entry is gone once `ttlMs` passed since its last write. */
  async keyValue(bucket: string, ttlMs: number): Promise<KeyValueStore> {
    let map = this.buckets.get(bucket);
    if (!map) this.buckets.set(bucket, (map = new Map()));
    const m = map;
    const live = (key: string) => {
      const e = m.get(key);
      if (e && e.until <= Date.now()) m.delete(key);
      return e && e.until > Date.now() ? e : undefined;
    };
    const sweep = () => {
      if (m.size < 10_000) return;
      const now = Date.now();
      for (const [k, e] of m) if (e.until <= now) m.delete(k);
    };
    return {
      async create(key, value) {
        if (live(key)) return false;
        sweep();
        m.set(key, { value, until: Date.now() + ttlMs });
        return true;
      },
      async get(key) {
        return live(key)?.value ?? null;
      },
      async put(key, value) {
        sweep();
        m.set(key, { value, until: Date.now() + ttlMs });
      },
      async delete(key) {
        m.delete(key);
      },
    };
  }

  async request<R>(subject: string, req: BusRequest, opts?: RequestOptions): Promise<R> {
    const handler = this.handlers.get(subject);
    if (!handler) throw new DomainError('unavailable', `No handler for ${subject}`);
    const reply = await runHandler(handler, wire(req), opts?.headers && { headers: { ...opts.headers } });
    if (!reply.ok) throw DomainError.from(reply.error);
    return wire(reply.result) as R;
  }

  async requestJson(subject: string, req: BusRequest, opts?: RequestOptions): Promise<string> {
    const handler = this.handlers.get(subject);
    if (!handler) throw new DomainError('unavailable', `No handler for ${subject}`);
    const reply = await runHandler(handler, wire(req), opts?.headers && { headers: { ...opts.headers } });
    if (!reply.ok) throw DomainError.from(reply.error);
    // The one serialisation a NATS reply would have had; result is never undefined (runHandler makes it null).
    return JSON.stringify(reply.result);
  }

  handle(subject: string, handler: Handler): void {
    if (this.handlers.has(subject)) throw new Error(`Handler for ${subject} already bound`);
    this.handlers.set(subject, handler);
  }

  async publish<T>(subject: string, clientId: string | null, data: T, opts: PublishOptions = {}): Promise<void> {
    if (this.closed) return;
    // Like JetStream's duplicate window: an id seen lately (an outbox re-publish after a crash) is dropped.
    if (opts.id) {
      if (this.recentIds.has(opts.id)) return;
      this.recentIds.add(opts.id);
      if (this.recentIds.size > RECENT_IDS) this.recentIds.delete(this.recentIds.values().next().value!);
    }
    const evt: BusEvent<T> = { id: opts.id ?? uuidv7(), subject, clientId, at: opts.at ?? new Date().toISOString(), data: wire(data) };
    for (const sub of this.subs) {
      if (!subjectMatches(sub.pattern, subject)) continue;
      const p = this.deliver(sub, evt).finally(() => this.inflight.delete(p));
      this.inflight.add(p);
    }
  }

  async subscribe<T>(subject: string, handler: EventHandler<T>, opts: SubscribeOptions = {}): Promise<() => Promise<void>> {
    const sub: Sub = { pattern: subject, handler: handler as EventHandler, durable: opts.durable };
    this.subs.add(sub);
    return async () => {
      this.subs.delete(sub);
    };
  }

  async start(): Promise<void> {
    // Nothing to connect: handlers are bound in memory.
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('the bus is closed');
  }

  /** Waits for events in flight, then stops delivering. */
  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    this.subs.clear();
  }

  /** Resolves when every event published so far has been handled (tests use it to await side effects). */
  async drain(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  private async deliver(sub: Sub, evt: BusEvent): Promise<void> {
    await Promise.resolve();
    const attempts = sub.durable ? 5 : 1;
    for (let i = 0; i < attempts; i++) {
      try {
        await sub.handler(evt);
        return;
      } catch {
        if (i < attempts - 1) await new Promise((r) => setTimeout(r, 50 * 2 ** i));
      }
    }
  }
}

/** Runs a handler and turns its outcome into the reply envelope (shared by both buses); `meta`: the request's headers. */
export async function runHandler(handler: Handler, req: BusRequest, meta?: BusMeta): Promise<Reply> {
  try {
    const result = await handler(req, meta);
    return { ok: true, result: result ?? null };
  } catch (err) {
    if (!(err instanceof DomainError)) logUnexpected(err, isUnavailableError(err) ? 'warn' : 'error');
    return { ok: false, error: serializeError(err) };
  }
}

function logUnexpected(err: unknown, level: 'warn' | 'error') {
  // The cause goes to the server log (name and message, no stack) as a JSON line like the process's logger's
  // (issue 18 §6); the caller only sees the safe 500 text.
  const e = err as Error;
  // A backing service out of reach (the caller gets 503) is a warning: an outage would flood the error level.
  const what = level === 'warn' ? 'backing service unavailable' : 'unexpected error';
  const line = { level, time: new Date().toISOString(), name: 'bus', msg: `${what}: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}` };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

function wire<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

export { Errors };
