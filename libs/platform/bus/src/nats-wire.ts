import { headers as natsHeaders, type MsgHdrs } from '@nats-io/nats-core';
import type { BusMeta, Reply } from './types.ts';

/** Wire-level helpers of the NATS bus: reply layout, headers, error names, connection settings. */

/** Largest reply a service sends at all (larger ones are refused with 413 rather than held in memory). */
export const MAX_REPLY_BYTES = 64 * 1024 * 1024;

/** How long a stopping service keeps answering the requests it already has (ms). */
export const DRAIN_MS = 10_000;

/** How long a handler bound after start() waits for the NATS server to confirm its subscription (ms). */
export const BIND_MS = 5_000;

/**
 * Issue 38 §1: the inbox prefix of a requester that wants acks (NatsRequester). A service acks such a request with
 * its liveness subject (ackPacket) once it has run ACK_AFTER_MS, and a caller's first request of each second at
 * once (nats-acks.ts); the caller pings that subject every LIVENESS_MS while it waits and
 * fails the request (503, ResponderGoneError) as soon as NATS answers "no responders" there: the process that had
 * the request is gone (kill -9, a crash), its reply will never come. Under `_INBOX.` (the usual permissions).
 */
export const ACK_INBOX = '_INBOX.ack.';

/** How often a waiting request's responder is checked for liveness, and its age before the first check (ms). */
export const LIVENESS_MS = 500;

/** The ack of a request: `!` then the responder's liveness subject (a reply is JSON, never starts with `!`). */
export function ackPacket(liveSubject: string): Uint8Array {
  return encoder.encode(`!${liveSubject}`);
}

/** A request's time limit when neither the call nor the bus sets one (ms). */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A NATS restart must not leave a process disconnected for good (nats.js gives up after 10 attempts by default):
 * retry forever, every half second (issue 18 §5: recovery within 5 s of the restart).
 */
export const RECONNECT = { maxReconnectAttempts: -1, reconnectTimeWait: 500, reconnectJitter: 100 };

export const encoder = new TextEncoder();
export const decoder = new TextDecoder();

/** Whether a JSON string exceeds `limit` bytes in UTF-8 (cheap test first: a UTF-16 unit is at most 3 bytes). */
export function tooBig(json: string, limit: number): boolean {
  return json.length * 3 > limit && Buffer.byteLength(json) > limit;
}

/**
 * A reply packet as JSON. A successful reply is laid out as `{"id":…,"isDisposed":…,"response":{"ok":true,"result":…}}`
 * so that requestJson can take the result's bytes out of it without parsing (okResult); anything else is Nest's
 * own JSON.stringify of the packet.
 */
export function replyData(packet: { id?: string; response?: unknown; isDisposed?: boolean; err?: unknown }): string {
  const r = packet.response as Reply | undefined;
  if (packet.err === undefined && typeof packet.id === 'string' && r?.ok === true && r.result !== undefined) {
    return `{"id":${JSON.stringify(packet.id)},"isDisposed":${packet.isDisposed === true},"response":{"ok":true,"result":${JSON.stringify(r.result)}}}`;
  }
  return JSON.stringify(packet);
}

/** The result's JSON bytes of a successful reply to request `id` laid out by replyData, else undefined. */
export function okResult(data: Uint8Array, id: string): Uint8Array | undefined {
  const head = encoder.encode(`{"id":"${id}","isDisposed":true,"response":{"ok":true,"result":`);
  // Ends with the two closing braces of response and packet.
  if (data.length < head.length + 2 || data[data.length - 1] !== 0x7d || data[data.length - 2] !== 0x7d) return undefined;
  for (let i = 0; i < head.length; i++) if (data[i] !== head[i]) return undefined;
  return data.subarray(head.length, data.length - 2);
}

/** A warning as a JSON line on stderr, like the process's logger's (issue 18 §6; the bus has no logger). */
export function warn(msg: string): void {
  process.stderr.write(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), name: 'bus', msg })}\n`);
}

/** A request's headers as NATS message headers (undefined when there are none: no header block on the wire). */
export function toNatsHeaders(h: Record<string, string> | undefined): MsgHdrs | undefined {
  if (!h) return undefined;
  let out: MsgHdrs | undefined;
  for (const [k, v] of Object.entries(h)) (out ??= natsHeaders()).set(k, v);
  return out;
}

/** The headers of a received request as BusMeta (undefined when it had none). */
export function fromNatsHeaders(h: MsgHdrs | undefined): BusMeta | undefined {
  if (!h) return undefined;
  const headers: Record<string, string> = {};
  for (const k of h.keys()) headers[k.toLowerCase()] = h.get(k);
  return { headers };
}

/** An Error with `name` (what `unavailable` errors report as their cause). */
export function named(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}
