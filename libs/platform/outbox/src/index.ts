import type { Bus } from '@intranet/platform-bus';
import type { EventDef } from '@intranet/platform-contracts';
import type { z } from 'zod';
import { afterCommit, queryRows, sql, uuidv7, type Database, type MigrationSet, type Tx } from '@intranet/platform-db';
import { fileURLToPath } from 'node:url';

/** The outbox table's migrations; every host applies them before the domains' (schema `outbox`). */
export const outboxMigrations: MigrationSet = { schema: 'outbox', folder: fileURLToPath(new URL('../migrations', import.meta.url)) };

/** What the relay needs of a logger. */
interface Log {
  warn(msg: string): void;
  debug(msg: string): void;
}

/** Something that can be woken after a commit (the relay of this process). */
interface Kickable {
  kick(): void;
  flush?(): Promise<void>;
}

/**
 * Writes domain events in the caller's transaction (DESIGN §6 transactional outbox). The event row commits or rolls
 * back with the change; after commit the relay of this process is woken to publish it at once, and a relay of any
 * process publishes whatever a crashed one left behind. Returns the event id (also the bus message id, which
 * JetStream and the in-process bus use to drop a duplicate).
 */
export class Outbox {
  private readonly relay: Kickable | undefined;

  constructor(relay?: Kickable) {
    this.relay = relay;
  }

  /**
   * Adds the contract event `def` for `clientId` (null: a platform-wide event) to `tx`; `data` is parsed by the
   * event's payload schema first. Raises the schema's or the insert's error (the caller's transaction then rolls
   * back: no change without its event).
   */
  async add<S extends z.ZodType>(tx: Tx, def: EventDef<S>, clientId: string | null, data: z.input<S>): Promise<string> {
    const id = uuidv7();
    const payload = def.payload.parse(data);
    await tx.execute(
      sql`INSERT INTO outbox.events (id, subject, client_id, payload) VALUES (${id}, ${def.subject}, ${clientId}, ${JSON.stringify(payload ?? null)}::jsonb)`,
    );
    const relay = this.relay;
    if (relay) afterCommit(tx, () => relay.kick());
    return id;
  }

  /**
   * Adds one contract event `def` per item to `tx` in multi-row inserts of 500 (a 10,000-row import's user events:
   * 20 statements, not 10,000); each `data` is parsed by the payload schema first. Returns the event ids in order.
   * Errors: as `add`.
   */
  async addMany<S extends z.ZodType>(tx: Tx, def: EventDef<S>, items: { clientId: string | null; data: z.input<S> }[]): Promise<string[]> {
    const rows = items.map((i) => ({ id: uuidv7(), clientId: i.clientId, payload: JSON.stringify(def.payload.parse(i.data) ?? null) }));
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => sql`(${r.id}, ${def.subject}, ${r.clientId}, ${r.payload}::jsonb)`);
      await tx.execute(sql`INSERT INTO outbox.events (id, subject, client_id, payload) VALUES ${sql.join(values, sql`, `)}`);
    }
    const relay = this.relay;
    if (relay && rows.length) afterCommit(tx, () => relay.kick());
    return rows.map((r) => r.id);
  }

  /**
   * After a commit: waits until this process's relay has published what is pending (best effort: a bus failure is
   * not raised, the event stays in the outbox for the next try). For answers whose effect must be visible at once
   * elsewhere, e.g. a revoked session's token refused by every gateway on the very next request.
   */
  async published(): Promise<void> {
    await this.relay?.flush?.().catch(() => undefined);
  }
}

export interface RelayOptions {
  /** How often pending events are looked for without a kick (events of crashed processes), ms. Default 1000. */
  intervalMs?: number;
  /** Events published per transaction. Default 100. */
  batch?: number;
}

/**
 * Publishes committed outbox events to the bus in id (time) order and deletes them in the same transaction.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so relays of several processes share the work; a publish that fails
 * rolls the batch back and the rows are retried (the bus drops a re-published id as a duplicate).
 */
export class OutboxRelay implements Kickable {
  private readonly intervalMs: number;
  private readonly batch: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly bus: Pick<Bus, 'publish'>,
    private readonly log: Log,
    opts: RelayOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.batch = Math.max(1, Math.floor(opts.batch ?? 100));
  }

  /** Starts polling (and relays what is pending now). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and waits for a relay in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Asks for a relay soon; coalesces kicks while one runs. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.relayOnce()) === this.batch && !this.stopped);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log.warn(`outbox relay: ${(err as Error)?.message ?? String(err)} (retried in ${this.intervalMs} ms)`);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Waits until nothing is pending (tests, shutdown). */
  async flush(): Promise<void> {
    for (;;) {
      await this.running;
      if ((await this.relayOnce()) === 0) return;
    }
  }

  /** Publishes one batch; resolves with the number of events published. Raises the bus's error (batch rolled back). */
  async relayOnce(): Promise<number> {
    return this.db.asSystem('outbox relay', async (tx) => {
      // The batch size as a literal: with LIMIT $1 PostgreSQL plans the prepared statement anew on every call.
      const res = await queryRows<OutboxRow>(
        tx,
        sql`DELETE FROM outbox.events WHERE id IN (SELECT id FROM outbox.events ORDER BY id LIMIT ${sql.raw(String(this.batch))} FOR UPDATE SKIP LOCKED)
            RETURNING id, subject, client_id, payload, created_at`,
      );
      const rows = res.sort((a, b) => (a.id < b.id ? -1 : 1));
      for (const r of rows) {
        await this.bus.publish(r.subject, r.client_id, r.payload, { id: r.id, at: new Date(r.created_at).toISOString() });
      }
      if (rows.length) this.log.debug(`outbox relay: published ${rows.length}`);
      return rows.length;
    });
  }
}

interface OutboxRow {
  id: string;
  subject: string;
  client_id: string | null;
  payload: unknown;
  created_at: string | Date;
}
export { runOnce, type RequestKey } from './request-keys.ts';
