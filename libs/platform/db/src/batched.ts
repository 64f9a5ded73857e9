import DataLoader from 'dataloader';
import type { Database, Tx } from './index.ts';

/** Most events one batch applies in one transaction. */
const MAX_BATCH = 200;

/**
 * A projection's per-event `apply(tx, event)` as a durable consumer's handler that writes in batches (issue 39):
 * the events handed in within one turn of the event loop (a burst — a 10,000-row import's user events arrive 100 to
 * a relay round) are applied in order, one transaction per client, instead of one transaction each. `clientOf`
 * names an event's client; events without one are skipped (resolved). Each returned promise settles for its own
 * event, so the bus acknowledges or redelivers each as before: when a batch's transaction fails, its events are
 * applied again one transaction each, and only the event that fails on its own is refused. Events of one batch
 * share a transaction's snapshot; `apply` must read its own writes through `tx` (it does: same transaction).
 */
export function batchedApply<E>(db: Database, clientOf: (e: E) => string | null | undefined, apply: (tx: Tx, e: E) => Promise<void>): (e: E) => Promise<void> {
  const loader = new DataLoader<E, void>(
    async (events) => {
      const byClient = new Map<string, number[]>();
      events.forEach((e, i) => {
        const c = clientOf(e);
        if (c) byClient.set(c, [...(byClient.get(c) ?? []), i]);
      });
      const out: (void | Error)[] = events.map(() => undefined);
      for (const [clientId, idx] of byClient) {
        try {
          await db.inTenant({ clientId }, async (tx) => {
            for (const i of idx) await apply(tx, events[i]);
          });
        } catch {
          for (const i of idx) {
            try {
              await db.inTenant({ clientId }, (tx) => apply(tx, events[i]));
            } catch (err) {
              out[i] = err instanceof Error ? err : new Error(String(err));
            }
          }
        }
      }
      return out;
    },
    { cache: false, maxBatchSize: MAX_BATCH },
  );
  return (e) => loader.load(e);
}
