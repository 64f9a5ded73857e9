import { eventually, eventuallyPasses } from '@intranet/platform-testing';
import type { TestPortal } from '@intranet/portal-testing';

/** Waits until `check` holds (eventuallyPasses every 25 ms, 8 s by default). */
export const until = (check: () => Promise<void> | void, ms = 8000) => eventuallyPasses(check, ms, 25);

/** A signed-in employee of a spec. */
export interface Person {
  id: string;
  token: string;
}

/**
 * Waits until every event so far has been handled: the outbox relay has published every committed event, then the
 * bus has delivered them all (in-process: `drain`; NATS: no durable consumer has a message pending or unacked), twice,
 * since handling an event may commit new ones. Specs wait on it before asserting that events told nobody else.
 */
export async function settled(t: TestPortal, ms = 10_000): Promise<void> {
  const bus = t.portal.platform.bus as { drain?(): Promise<void>; consumerLag?(): Promise<{ consumer: string; pending: number }[]> };
  for (let round = 0; round < 2; round++) {
    await t.portal.platform.relay.flush();
    if (bus.drain) await bus.drain();
    if (bus.consumerLag) await eventually(async () => (await bus.consumerLag!()).every((c) => c.pending === 0), ms);
  }
}
