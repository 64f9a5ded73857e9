import { testBus } from './index.ts';
import { DomainError, Errors } from '@intranet/platform-errors';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { systemContext } from '@intranet/platform-bus';

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
        assert.deepEqual(e.errors, [{ field: 'name', message: 'Field is required' }]);
        return true;
      });
      await assert.rejects(bus.request('demo.crash', { ctx: systemContext(), input: {} }), (e: unknown) => {
        assert.ok(e instanceof DomainError);
        assert.equal(e.status, 500);
        assert.ok(!e.message.includes('secret'));
        return true;
      });
    } finally {
      await bus.close();
    }
  });

  it('over NATS a reply above the payload limit fails at once with 413 instead of timing out', { skip: !process.env.NATS_URL }, async () => {
    const bus = testBus('big');
    bus.handle('demo.big', async () => 'x'.repeat(1_200_000));
    await bus.start();
    try {
      const t0 = Date.now();
      await assert.rejects(bus.request('demo.big', { ctx: systemContext(), input: {} }), (e: unknown) => e instanceof DomainError && e.status === 413);
      assert.ok(Date.now() - t0 < 5000);
    } finally {
      await bus.close();
    }
  });

  it('a durable subscriber retries a failed event until its handler succeeds', async () => {
    const bus = testBus();
    await bus.start();
    let calls = 0;
    const done = new Promise<unknown>((resolve) => {
      void bus.subscribe<{ n: number }>('evt.demo.thing.*', async (e) => {
        calls++;
        if (calls === 1) throw new Error('transient');
        resolve(e.data);
      }, { durable: `retry_${Date.now()}` });
    });
    await new Promise((r) => setTimeout(r, 100));
    await bus.publish('evt.demo.thing.created', null, { n: 7 });
    assert.deepEqual(await done, { n: 7 });
    assert.equal(calls, 2);
    await bus.close();
  });

  it('wildcard subscriptions match NATS semantics', async () => {
    const bus = testBus();
    await bus.start();
    const seen: string[] = [];
    await bus.subscribe('evt.people.>', async (e) => {
      seen.push(e.subject);
    });
    await new Promise((r) => setTimeout(r, 50));
    await bus.publish('evt.people.user.created', 'c1', {});
    await bus.publish('evt.clients.client.created', 'c1', {});
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(seen, ['evt.people.user.created']);
    await bus.close();
  });
});
