import { jetstream, jetstreamManager, AckPolicy, DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { BusEvent } from './types.ts';

/** The events side of the NATS bus on JetStream: the event stream, publishing with de-duplication, durable consumers. */

/** The event stream's name for a subject prefix (`EVT`, or `EVT_<prefix>` for isolated test runs). */
export function streamName(prefix: string | undefined): string {
  return `EVT${prefix ? `_${prefix.replace(/[^A-Za-z0-9]/g, '_')}` : ''}`;
}

/**
 * Makes sure `stream` exists, holding `<prefix>evt.>` for 7 days; tolerates another process creating it at the same
 * time. Errors: JetStream refusing (not enabled, no rights).
 */
export async function ensureStream(nc: NatsConnection, stream: string, prefix: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(stream);
  } catch {
    try {
      await jsm.streams.add({ name: stream, subjects: [`${prefix}evt.>`], max_age: 7 * 24 * 3600 * 1e9 });
    } catch (err) {
      // Another process created it between our look and our add.
      await jsm.streams.info(stream).catch(() => {
        throw err;
      });
    }
  }
}

/** Deletes `stream` (ephemeral test buses on close); a failure is ignored. */
export async function deleteStream(nc: NatsConnection, stream: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(stream).catch(() => undefined);
}

/**
 * Publishes `evt` on `subject` (prefixed already) with `evt.id` as JetStream's Nats-Msg-Id: a second publish of it
 * within the stream's duplicate window is dropped. Resolves once the stream stored it.
 */
export async function publishEvent(nc: NatsConnection, subject: string, evt: BusEvent<unknown>): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(evt), { msgID: evt.id });
}

/**
 * Consumes durable consumer `name` of `stream` (created when missing: explicit ack, events of `filter` from now on,
 * or all kept ones with `replay`; up to 10 deliveries, 30 s to acknowledge). Returns its message iterator.
 */
export async function consumeDurable(nc: NatsConnection, stream: string, name: string, filter: string, replay: boolean | undefined): Promise<ConsumerMessages> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.consumers.info(stream, name);
  } catch {
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: replay ? DeliverPolicy.All : DeliverPolicy.New,
      filter_subject: filter,
      max_deliver: 10,
      ack_wait: 30_000_000_000,
    });
  }
  const consumer = await jetstream(nc).consumers.get(stream, name);
  return consumer.consume();
}

/** Per durable consumer of `names` on `stream`: events not yet delivered plus those not acknowledged (one call each). */
export async function consumerLag(nc: NatsConnection, stream: string, names: Iterable<string>): Promise<{ consumer: string; pending: number }[]> {
  const jsm = await jetstreamManager(nc);
  const out: { consumer: string; pending: number }[] = [];
  for (const name of names) {
    const info = await jsm.consumers.info(stream, name).catch(() => undefined);
    if (info) out.push({ consumer: name, pending: info.num_pending + info.num_ack_pending });
  }
  return out;
}
