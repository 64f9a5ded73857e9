/**
 * Benchmark stub of the notifications domain (DOMAIN-DONE "Figures"): the bell's unread count through the gateway
 * in distributed mode (issue 10 asks for it and the notification page at p50/p99; the 10,000-recipient fan-out is
 * not written yet). Prints its figures; never a test.
 *
 *   BENCH_TOKEN=<token> BENCH_CLIENT=<client id> BENCH_USER=<user id> node tools/bench/notifications.ts
 */
import { autocannon } from './lib.ts';

const base = process.env.BENCH_BASE ?? 'http://127.0.0.1:3000';
const url = process.env.BENCH_URL ?? `${base}/api/notification/unread/${process.env.BENCH_CLIENT ?? ''}/${process.env.BENCH_USER ?? ''}`;
const token = process.env.BENCH_TOKEN ?? '';
const r = await autocannon({ url, connections: 32, duration: 10, headers: token ? { authorization: `Bearer ${token}` } : {}, timeout: 10 });
console.log(`notifications unread count: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
