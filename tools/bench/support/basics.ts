/** Environment parsing, logging and waiting helpers of the benchmarks (tools/bench/lib.ts re-exports them). */
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout whose services and gateway are started: this one, or BENCH_ROOT (tools/bench/compare.ts runs a base commit's). */
export const ROOT = process.env.BENCH_ROOT ? resolve(process.env.BENCH_ROOT) : fileURLToPath(new URL('../../..', import.meta.url));
export const SUPER = { login: 'bench-root@example.com', password: 'benchroot1' };
export const ADMIN_PASSWORD = 'benchadmin1';

export function intEnv(name: string, def: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min} (got '${raw}')`);
  return n;
}

export const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls `fn` for every realtime event a socket.io-client socket receives, the entries of the gateway's `batch`
 * frames ([[subject, data], ...]: a busy workspace's events, issue 19) unpacked in order, as @intranet/web-session does.
 */
export function onLiveEvents(sk: { onAny(fn: (event: string, ...args: any[]) => void): unknown }, fn: (subject: string, data: any) => void): void {
  sk.onAny((event: string, data: unknown) => {
    if (event === 'batch' && Array.isArray(data)) for (const [subject, d] of data as [string, unknown][]) fn(subject, d);
    else fn(event, data);
  });
}

/** Rejects when `p` takes longer than `ms`. */
export async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no result within ${Math.round(ms / 1000)} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Whether `host:port` accepts a TCP connection now. */
export function tcpOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host, port });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** Polls `check` every `everyMs` until it returns true; throws after `ms`. */
export async function until(ms: number, what: string, check: () => Promise<boolean>, everyMs = 250): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not ready within ${Math.round(ms / 1000)} s`);
}

/** The full path of executable `bin` on PATH (or the sbin folders), or undefined. */
export function which(bin: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const d of dirs) if (d && existsSync(join(d, bin))) return join(d, bin);
  return undefined;
}
