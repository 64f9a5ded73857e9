/** Measurement and output of the benches: autocannon, percentiles, tables (tools/bench/lib.ts re-exports them). */
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

/** The part of autocannon's result these benches read (autocannon ships no types). */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
export type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  timeout?: number;
  method?: string;
  body?: string;
}) => Promise<CannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Nearest-rank percentile of an unsorted sample (0 for an empty one). */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export function table(head: string[], data: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...data.map((d) => (d[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...data.map(fmt)].join('\n');
}

export function machine(pgVersion: string): string {
  const cpu = cpus();
  return `node ${process.version}, PostgreSQL ${pgVersion}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
}

/** A target check: ✓ / ✗ next to a figure. */
export const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');

/** Runs `fn` and times it: its value and the wall milliseconds it took (performance.now). */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}
