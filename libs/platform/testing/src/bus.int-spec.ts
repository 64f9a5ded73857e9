import { eventually, testBus } from './index.ts';
import { DomainError, Errors } from '@intranet/platform-errors';
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { NatsBus, systemContext } from '@intranet/platform-bus';

describe('bus (real NATS when NATS_URL is set, else in-process)', () => {
  it('request/reply carries results and domain errors as data', async () => {
    const bus = testBus('svc');
    bus.handle('demo.echo', async ({ input }) => ({ echoed: input }));
    bus.handle('demo.fail', async () => {
      throw Errors.field('name', 'Field is required');
    });
    bus.handle('demo.crash', async () => {
      throw new Error('secret internals');
    });
    await bus.start();
    try {
      assert.deepEqual(await bus.request('demo.echo', { ctx: systemContext(), input: { a: 1 } }), { echoed: { a: 1 } });
      await assert.rejects(bus.request('demo.fail', { ctx: systemContext(), input: {} }), (e: unknown) => {
        assert.ok(e instanceof DomainError);
        assert.equal(e.code, 'validation');
        assert.deepEqual(e.errors, [{ field: 'name', code: 'required', message: 'Field is required' }]);
        return true;
      });
      // The cause goes to the server's log (stderr), not to the caller: collected here rather than printed.
      const realWrite = process.stderr.write;
      const logged: string[] = [];
      process.stderr.write = ((chunk: string | Uint8Array) => logged.push(String(chunk)) > 0) as typeof process.stderr.write;
      try {
        await assert.rejects(bus.request('demo.crash', { ctx: systemContext(), input: {} }), (e: unknown) => {
          assert.ok(e instanceof DomainError);
          assert.equal(e.status, 500);
          assert.ok(!e.message.includes('secret'));
          return true;
        });
      } finally {
        process.stderr.write = realWrite;
      }
      assert.match(logged.join(''), /"level":"error".*"msg":"unexpected error: Error: secret internals"/);
    } finally {
      await bus.close();
    }
  });

  it('a handler bound after start() is served at once, beside those bound before and on a bus that had none', async () => {
    const ctx = systemContext();
    // `served`: bound before start (the request server exists); `bare`: nothing bound before start (NATS creates
    // the request server on the late bind), and no queue group (a subject subscribed twice would run twice).
    const served = testBus('late');
    const bare = testBus();
    served.handle('demo.early', async () => 'early');
    await Promise.all([served.start(), bare.start()]);
    try {
      served.handle('demo.late', async ({ input }) => ({ late: input }));
      let bareCalls = 0;
      bare.handle('demo.late', async ({ input }) => (bareCalls++, { bare: input }));
      // Asked right after handle() returned, not after some delay.
      assert.deepEqual(await served.request('demo.late', { ctx, input: 1 }), { late: 1 });
      assert.deepEqual(await bare.request('demo.late', { ctx, input: 2 }), { bare: 2 });
      // A second start() binds nothing twice.
      await bare.start();
      assert.deepEqual(await bare.request('demo.late', { ctx, input: 4 }), { bare: 4 });
      // A subject subscribed twice would run each request twice: request 4's second run starts before request 5,
      // which arrives after it on the same connection, is answered.
      assert.deepEqual(await bare.request('demo.late', { ctx, input: 5 }), { bare: 5 });
      assert.equal(bareCalls, 3);
      const json = await served.requestJson('demo.late', { ctx, input: 3 });
      assert.deepEqual(JSON.parse(typeof json === 'string' ? json : new TextDecoder().decode(json)), { late: 3 });
      assert.equal(await served.request('demo.early', { ctx, input: null }), 'early');
      assert.throws(() => served.handle('demo.late', async () => null), /already bound/);
      await assert.rejects(served.request('demo.never', { ctx, input: null }, { timeoutMs: 500 }), (e: unknown) => {
        assert.ok(e instanceof DomainError);
        assert.equal(e.code, 'unavailable');
        return true;
      });
    } finally {
      await Promise.all([served.close(), bare.close()]);
    }
  });

  (!process.env.NATS_URL ? it.skip : it)('over NATS a handler bound after start() is served to other connections once handle() resolves', async () => {
    const servers = process.env.NATS_URL!;
    const prefix = `late${Math.random().toString(36).slice(2)}`;
    const service = new NatsBus({ servers, queue: 'late', prefix, ephemeral: true });
    const caller = new NatsBus({ servers, prefix, requestTimeoutMs: 2000, ephemeral: true });
    await Promise.all([service.start(), caller.start()]);
    try {
      await assert.rejects(caller.request('demo.late', { ctx: systemContext(), input: null }), /unavailable/i);
      // The promise handle() returns: the NATS server has the subscription, so another connection is served.
      await service.handle('demo.late', async ({ input }) => ({ got: input }));
      assert.deepEqual(await caller.request('demo.late', { ctx: systemContext(), input: 'x' }), { got: 'x' });
    } finally {
      await Promise.all([service.close(), caller.close()]);
    }
  });

  it('requests and replies above NATS max_payload (1 MB) cross intact, multibyte text included', async () => {
    const bus = testBus('big');
    // 1.2M characters of Cyrillic are ~2.4 MB of UTF-8: several chunks each way.
    const big = 'ж'.repeat(1_200_000);
    bus.handle('demo.big', async ({ input }) => ({ got: (input as { text: string }).text.length, text: big }));
    await bus.start();
    try {
      const r = await bus.request<{ got: number; text: string }>('demo.big', { ctx: systemContext(), input: { text: big + 'end' } });
      assert.equal(r.got, big.length + 3);
      assert.equal(r.text, big);
      // Small calls still go inline after the large ones.
      assert.deepEqual(await bus.request('demo.big', { ctx: systemContext(), input: { text: 'x' } }).then((x) => (x as { got: number }).got), 1);
    } finally {
      await bus.close();
    }
  });

  it('a durable subscriber retries a failed event until its handler succeeds', async () => {
    const bus = testBus();
    await bus.start();
    let calls = 0;
    let resolveDone!: (v: unknown) => void;
    const done = new Promise<unknown>((resolve) => (resolveDone = resolve));
    // Awaited: the durable consumer exists before the event is published (it only delivers new events).
    await bus.subscribe<{ n: number }>(
      'evt.demo.thing.*',
      async (e) => {
        calls++;
        if (calls === 1) throw new Error('transient');
        resolveDone(e.data);
      },
      { durable: `retry_${Date.now()}` },
    );
    await bus.publish('evt.demo.thing.created', null, { n: 7 });
    assert.deepEqual(await done, { n: 7 });
    assert.equal(calls, 2);
    await bus.close();
  });

  (!process.env.NATS_URL ? it.skip : it)(
    'over NATS a new durable consumer with replay sees events published before it existed; without, it does not',
    async () => {
      const bus = testBus();
      await bus.start();
      try {
        await bus.publish('evt.demo.user.created', 'c1', { n: 1 });
        const seen = { replay: [] as number[], fresh: [] as number[] };
        await bus.subscribe<{ n: number }>('evt.demo.user.*', async (e) => void seen.replay.push(e.data.n), { durable: `replay_${Date.now()}`, replay: true });
        await bus.subscribe<{ n: number }>('evt.demo.user.*', async (e) => void seen.fresh.push(e.data.n), { durable: `fresh_${Date.now()}` });
        await bus.publish('evt.demo.user.created', 'c1', { n: 2 });
        await eventually(() => seen.replay.length >= 2 && seen.fresh.length >= 1, 2500);
        assert.deepEqual(seen.replay, [1, 2]);
        assert.deepEqual(seen.fresh, [2]);
      } finally {
        await bus.close();
      }
    },
  );

  it('wildcard subscriptions match NATS semantics', async () => {
    const bus = testBus();
    await bus.start();
    const seen: string[] = [];
    await bus.subscribe('evt.people.>', async (e) => {
      seen.push(e.subject);
    });
    // subscribe() resolved once the subscription is in place: nothing to wait for before publishing.
    await bus.publish('evt.people.user.created', 'c1', {});
    await bus.publish('evt.clients.client.created', 'c1', {});
    // One publisher's events reach a subscription in order: once this one is in, the clients event has had its turn.
    await bus.publish('evt.people.marker.done', 'c1', {});
    await eventually(() => seen.includes('evt.people.marker.done'));
    assert.deepEqual(seen, ['evt.people.user.created', 'evt.people.marker.done']);
    await bus.close();
  });
});
