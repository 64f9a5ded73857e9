import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { v7 as uuidv7 } from 'uuid';

/**
 * Messages above NATS's max_payload (1 MB by default) cross the bus by "claim check": the sender keeps the
 * bytes and answers chunk requests on a one-off subject; the message itself only carries a reference. Used for
 * both directions of a request (a CSV import body, a large tree reply), so no server setting has to change.
 */
export interface BlobRef {
  /** Subject the sender answers chunk requests on (`<prefix>_blob.<uuid>`). */
  subject: string;
  /** Total size in bytes. */
  size: number;
  /** Chunk size in bytes. */
  chunk: number;
}

/** Marker key of a message that is a claim check rather than the payload itself. */
export const BLOB_KEY = '$blob';

/** Largest message (bytes) sent inline: the server's max_payload less room for headers and the envelope. */
export function inlineLimit(nc: NatsConnection): number {
  const max = nc.info?.max_payload ?? 1024 * 1024;
  return Math.max(max - 64 * 1024, 16 * 1024);
}

/**
 * Offers `data` on a fresh subject of `nc` until every chunk was fetched once or `ttlMs` passed.
 * Input: bytes; output: the reference to send instead. Send the reference on the same connection: NATS keeps
 * one connection's protocol order, so the server knows the SUB before anyone can see the reference.
 */
export function offerBlob(nc: NatsConnection, prefix: string, data: Uint8Array, ttlMs = 60_000): BlobRef {
  const chunk = inlineLimit(nc);
  const count = Math.ceil(data.length / chunk);
  const subject = `${prefix}_blob.${uuidv7()}`;
  const served = new Set<number>();
  let sub: Subscription | undefined = undefined;
  const timer = setTimeout(() => sub?.unsubscribe(), ttlMs);
  timer.unref?.();
  sub = nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      const i = Number(msg.string());
      if (!Number.isInteger(i) || i < 0 || i >= count) {
        msg.respond(new Uint8Array(0));
        return;
      }
      msg.respond(data.subarray(i * chunk, (i + 1) * chunk));
      served.add(i);
      if (served.size === count) {
        clearTimeout(timer);
        sub?.unsubscribe();
      }
    },
  });
  return { subject, size: data.length, chunk };
}

/** Fetches a blob offered by `offerBlob` (chunks in order). Errors: the NATS request errors (timeout, no responders). */
export async function fetchBlob(nc: NatsConnection, ref: BlobRef, timeoutMs: number): Promise<Uint8Array> {
  const out = new Uint8Array(ref.size);
  const count = Math.ceil(ref.size / ref.chunk);
  for (let i = 0; i < count; i++) {
    const m = await nc.request(ref.subject, String(i), { timeout: timeoutMs });
    out.set(m.data, i * ref.chunk);
  }
  return out;
}

/** True when a decoded message is a claim check. */
export function isBlobRef(v: unknown): v is { [BLOB_KEY]: BlobRef } {
  return typeof v === 'object' && v !== null && BLOB_KEY in v;
}
