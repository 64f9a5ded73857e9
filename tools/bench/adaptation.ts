/**
 * Benchmark stub of the adaptation domain (DOMAIN-DONE "Figures"): the heaviest read through the gateway in
 * distributed mode, with the bare handler beside it where that makes a ratio. Prints its figures; never a test.
 *
 *   node tools/bench/adaptation.ts
 */
import { autocannon } from './lib.ts';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3000/api/adaptation/items';
const token = process.env.BENCH_TOKEN ?? '';
const r = await autocannon({ url, connections: 32, duration: 10, headers: token ? { authorization: `Bearer ${token}` } : {}, timeout: 10 });
console.log(`adaptation list: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
