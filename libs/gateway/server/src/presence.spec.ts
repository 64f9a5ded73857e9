import assert from 'node:assert/strict';
import { afterEach, describe, it, jest } from '@jest/globals';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { presenceEvents } from '@intranet/platform-contracts/presence';
import { emit, InProcessBus, on } from '@intranet/platform-bus';
import type { Logger } from '@intranet/platform-host';
import { eventually } from '@intranet/platform-testing';
import { PRESENCE_HEARTBEAT_MS, PresenceCounter } from './presence.ts';
import { RealtimeGateway } from './realtime.ts';

const none = () => undefined;
const quiet: Logger = { debug: none, info: none, warn: none, error: none, enabled: () => false };

describe('PresenceCounter heartbeat (issue 30 §3: the period is a Nest @Interval of the gateway)', () => {
  const buses: InProcessBus[] = [];
  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
  });

  /** A started bus and the heartbeats seen on it, in order. */
  async function heard() {
    const bus = new InProcessBus();
    buses.push(bus);
    await bus.start();
    const beats: { node: string; every_ms: number }[] = [];
    await on(bus, presenceEvents.heartbeat, async ({ data }) => void beats.push(data));
    return { bus, beats };
  }

  it('beats once on start(), once per heartbeat() call, announcing PRESENCE_HEARTBEAT_MS', async () => {
    const { bus, beats } = await heard();
    const node = new PresenceCounter(bus, quiet);
    node.heartbeat();
    node.start();
    await eventually(() => beats.length === 1);
    node.heartbeat();
    await eventually(() => beats.length === 2);
    assert.deepEqual(beats, [
      { node: node.node, every_ms: PRESENCE_HEARTBEAT_MS },
      { node: node.node, every_ms: PRESENCE_HEARTBEAT_MS },
    ]);
    await node.settled();
  });

  it('beats no more after settled(): a later beat of another node arrives, none of this one', async () => {
    const { bus, beats } = await heard();
    const node = new PresenceCounter(bus, quiet);
    node.start();
    await eventually(() => beats.length === 1);
    await node.settled();
    node.heartbeat();
    // The marker is published after the call: on the in-process bus a beat of the call would arrive before it.
    await emit(bus, presenceEvents.heartbeat, null, { node: 'marker', every_ms: 1000 });
    await eventually(() => beats.some((b) => b.node === 'marker'));
    assert.deepEqual(
      beats.map((b) => b.node),
      [node.node, 'marker'],
    );
  });

  it('settled() waits for a beat still on its way, so a bus closed next never fails it (nothing logged)', async () => {
    const { bus, beats } = await heard();
    const warnings: string[] = [];
    const node = new PresenceCounter(
      Object.assign(Object.create(bus) as InProcessBus, {
        // Each publish waits for release(): the beat of start() is in flight when settled() is called.
        publish: async (...args: Parameters<InProcessBus['publish']>) => {
          await released;
          return bus.publish(...args);
        },
      }),
      { ...quiet, warn: (m: string) => void warnings.push(m) },
    );
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    node.start();
    await new Promise((r) => setImmediate(r));
    let done = false;
    const settling = node.settled().then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(done, false, 'settled() before the beat was published');
    release();
    await settling;
    assert.equal(beats.length, 1);
    await bus.close();
    assert.deepEqual(warnings, []);
  });

  it('answers a peer heard for the first time with one beat at once', async () => {
    const { bus, beats } = await heard();
    const node = new PresenceCounter(bus, quiet);
    node.start();
    await eventually(() => beats.length === 1);
    await emit(bus, presenceEvents.heartbeat, null, { node: 'peer', every_ms: 1000 });
    await eventually(() => beats.filter((b) => b.node === node.node).length === 2);
    assert.deepEqual(node.nodes(), [node.node, 'peer']);
    await node.settled();
  });

  it("the gateway's periodic beat: ScheduleModule calls RealtimeGateway's @Interval every PRESENCE_HEARTBEAT_MS ms", async () => {
    let beats = 0;
    // The gateway's own dependencies and hooks are beside the point: an instance whose counter only counts the calls.
    const gateway = Object.assign(Object.create(RealtimeGateway.prototype) as RealtimeGateway, {
      presence: { heartbeat: () => beats++ },
      onModuleInit: async () => undefined,
      beforeApplicationShutdown: async () => undefined,
    });
    jest.useFakeTimers();
    try {
      const mod = await Test.createTestingModule({
        imports: [ScheduleModule.forRoot()],
        providers: [{ provide: RealtimeGateway, useValue: gateway }],
      }).compile();
      await mod.init();
      assert.equal(mod.get(SchedulerRegistry).getIntervals().length, 1);
      jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS - 1);
      assert.equal(beats, 0);
      jest.advanceTimersByTime(1);
      assert.equal(beats, 1);
      jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
      assert.equal(beats, 2);
      await mod.close();
      jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
      assert.equal(beats, 2, 'cleared when the app closes');
    } finally {
      jest.useRealTimers();
    }
  });
});
