import { createHash } from 'node:crypto';
import type { NatsConnection } from '@nats-io/nats-core';
import type { KeyValueStore } from './types.ts';

/**
 * Bus.keyValue on JetStream KV: bucket `name` (already made of KV-safe characters) with the given TTL (ms), one value
 * per key (history 1); keys are sha256-hex of the caller's key (KV keys allow only a few characters). Returns the
 * store and a function that deletes the bucket (ephemeral buses call it on close).
 */
export async function natsKeyValue(nc: NatsConnection, name: string, ttlMs: number): Promise<{ store: KeyValueStore; destroy: () => Promise<void> }> {
  const { Kvm } = await import('@nats-io/kv');
  const kv = await new Kvm(nc).create(name, { ttl: ttlMs, history: 1 });
  const k = (key: string) => createHash('sha256').update(key).digest('hex');
  const store: KeyValueStore = {
    async create(key, value) {
      try {
        await kv.create(k(key), value);
        return true;
      } catch (err) {
        // "wrong last sequence": a live entry exists (another request claimed it first).
        if (/wrong last sequence|key exists/i.test((err as Error).message)) return false;
        throw err;
      }
    },
    async get(key) {
      const e = await kv.get(k(key));
      return e && e.operation === 'PUT' ? e.string() : null;
    },
    async put(key, value) {
      await kv.put(k(key), value);
    },
    async delete(key) {
      await kv.delete(k(key));
    },
  };
  return { store, destroy: () => kv.destroy().then(() => undefined) };
}
