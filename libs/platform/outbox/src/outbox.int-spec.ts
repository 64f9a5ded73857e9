import { eventually, testBus, testDatabase } from '@intranet/platform-testing';
import { emit, on, type Bus, type BusEvent } from '@intranet/platform-bus';
import { defineEvent, z } from '@intranet/platform-contracts';
import { queryRows, sql, uuidv7, type Database } from '@intranet/platform-db';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Outbox, OutboxRelay, outboxMigrations } from './index.ts';

const thingCreated = defineEvent('evt.test.thing.created', z.object({ n: z.number().int() }));
const quiet = { warn: () => undefined, debug: () => undefined };

/** A bus whose publish dies: the process "killed" between commit and publish; `attempts` counts the tries. */
function deadBus(): Pick<Bus, 'publish'> & { attempts: number } {
  const dead = {
    attempts: 0,
    publish: async () => {
      dead.attempts++;
      throw new Error('killed before publish');
    },
  };
  return dead;
}

describe('transactional outbox (DESIGN §6; real PostgreSQL + NATS JetStream when set, else PGlite + in-process bus)', () => {
  let db: Database;
  let bus: Bus;
  const received: BusEvent<{ n: number }>[] = [];

  beforeAll(async () => {
    db = await testDatabase([outboxMigrations]);
    bus = testBus('outbox');
    await bus.start();
    // A durable consumer, as notifications, accruals and projections use.
    await on(bus, thingCreated, async (e) => void received.push(e), { durable: `outbox_${uuidv7().slice(-8)}` });
  });
  afterAll(async () => {
    await bus.close();
    await db.close();
  });

  const pending = async () =>
    Number((await db.asSystem('spec', (tx) => queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM outbox.events`)))[0]!.n);
  const countOf = (n: number) => received.filter((e) => e.data.n === n).length;
  /**
   * Publishes a marker event straight on the bus and waits for the consumer to get it: events of one subject arrive
   * in the order they were published, so whatever was published before (a duplicate) has arrived by then.
   */
  let markers = 1000;
  const afterMarker = async () => {
    const n = ++markers;
    await emit(bus, thingCreated, null, { n });
    await eventually(() => countOf(n) === 1);
  };

  it('the relay killed between commit and publish: the change is saved, the event waits, and a restarted relay delivers it once', async () => {
    const dead = deadBus();
    const dying = new OutboxRelay(db, dead, quiet, { intervalMs: 50 });
    dying.start();
    const outbox = new Outbox(dying);
    // The change commits even though publishing fails: a failed publish never turns a saved change into an error.
    const id = await db.asSystem('spec', (tx) => outbox.add(tx, thingCreated, null, { n: 1 }));
    // The relay tried to publish it (and on its next poll again), and failed each time.
    await eventually(() => dead.attempts >= 2);
    await dying.stop();
    assert.equal(countOf(1), 0, 'nothing was published');
    assert.equal(await pending(), 1, 'the event is kept in the outbox');

    const restarted = new OutboxRelay(db, bus, quiet, { intervalMs: 50 });
    restarted.start();
    try {
      await eventually(() => countOf(1) === 1);
      // Deleted from the outbox: the relay publishes before it deletes, so nothing of it is published after this.
      await eventually(async () => (await pending()) === 0);
      await afterMarker();
      assert.equal(countOf(1), 1, 'delivered once');
      assert.equal(received.find((e) => e.data.n === 1)!.id, id, 'the event keeps its outbox id');
    } finally {
      await restarted.stop();
    }
  });

  it('a relay that published but died before deleting: the re-publish is a duplicate that consumers never see', async () => {
    const halfway = new OutboxRelay(
      db,
      {
        publish: async (...args: Parameters<Bus['publish']>) => {
          await bus.publish(...args);
          throw new Error('killed after publish');
        },
      },
      quiet,
    );
    await db.asSystem('spec', (tx) => new Outbox().add(tx, thingCreated, null, { n: 2 }));
    await assert.rejects(halfway.relayOnce(), /killed after publish/);
    assert.equal(await pending(), 1, 'the batch rolled back');
    const healthy = new OutboxRelay(db, bus, quiet);
    assert.equal(await healthy.relayOnce(), 1);
    // Both publishes were made by now; a duplicate that got through would arrive before the marker.
    await afterMarker();
    assert.equal(countOf(2), 1, 'delivered once');
  });

  it('a rolled-back change leaves no event; a committed one is published right after commit (no poll wait)', async () => {
    const relay = new OutboxRelay(db, bus, quiet, { intervalMs: 60_000 });
    relay.start();
    await relay.flush();
    try {
      const outbox = new Outbox(relay);
      await assert.rejects(
        db.asSystem('spec', async (tx) => {
          await outbox.add(tx, thingCreated, null, { n: 3 });
          throw new Error('the change fails');
        }),
      );
      await db.asSystem('spec', (tx) => outbox.add(tx, thingCreated, null, { n: 4 }));
      await eventually(() => countOf(4) === 1, 3000);
      assert.equal(countOf(3), 0);
      // The relay publishes, then commits the delete of what it published: the row goes a moment after delivery.
      await eventually(async () => (await pending()) === 0, 3000);
    } finally {
      await relay.stop();
    }
  });

  it('addMany: 1,200 events in three multi-row inserts, each delivered once and in order; a bad payload refuses them all', async () => {
    const relay = new OutboxRelay(db, bus, quiet, { intervalMs: 60_000 });
    relay.start();
    await relay.flush();
    try {
      const outbox = new Outbox(relay);
      const ns = Array.from({ length: 1200 }, (_, i) => 5000 + i);
      await assert.rejects(
        db.asSystem('spec', (tx) =>
          outbox.addMany(tx, thingCreated, [
            { clientId: null, data: { n: 4999 } },
            { clientId: null, data: { n: 'x' } as never },
          ]),
        ),
      );
      const ids = await db.asSystem('spec', (tx) =>
        outbox.addMany(
          tx,
          thingCreated,
          ns.map((n) => ({ clientId: null, data: { n } })),
        ),
      );
      assert.equal(new Set(ids).size, 1200);
      await eventually(() => ns.every((n) => countOf(n) === 1), 10_000);
      assert.equal(countOf(4999), 0, 'nothing of the refused batch');
      const order = received.filter((e) => e.data.n >= 5000 && e.data.n < 6200).map((e) => e.data.n);
      assert.deepEqual(order, ns);
      await eventually(async () => (await pending()) === 0, 3000);
    } finally {
      await relay.stop();
    }
  });

  it('a payload that does not match the event schema is refused inside the transaction (nothing saved)', async () => {
    await assert.rejects(db.asSystem('spec', (tx) => new Outbox().add(tx, thingCreated, null, { n: 'seven' } as never)));
    assert.equal(await pending(), 0);
  });

  it("a tenant's transaction can only write its own client's events (row-level security)", async () => {
    const a = uuidv7();
    const b = uuidv7();
    await assert.rejects(db.inTenant({ clientId: a }, (tx) => new Outbox().add(tx, thingCreated, b, { n: 5 })));
    await db.inTenant({ clientId: a }, (tx) => new Outbox().add(tx, thingCreated, a, { n: 6 }));
    const seen = await db.inTenant({ clientId: b }, (tx) => queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM outbox.events`));
    assert.equal(seen[0]!.n, 0, "another client sees none of a's events");
    await new OutboxRelay(db, bus, quiet).flush();
  });
});
