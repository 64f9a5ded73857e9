/** The portal's HTTP API as the benches call it (tools/bench/lib.ts re-exports it). */
import { Pool, type Dispatcher } from 'undici';
import { onCleanup } from './children.ts';

export interface ApiResult {
  status: number;
  body: any;
}
export type Api = (method: string, path: string, body?: unknown) => Promise<ApiResult>;

export function api(base: string, token?: string): Api {
  return async (method, path, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  };
}

/**
 * Like `api`, on undici's `request` over one keep-alive pool per origin (no connection cap): about a third of
 * fetch's CPU per call, which matters where the load generator shares the two cores with the portal (mixed.ts).
 * Same answers: status and the body parsed as JSON when it is JSON. A call gives up after 120 s.
 */
export function fastApi(base: string, token?: string): Api {
  const pool = (pools[base] ??= new Pool(base, { connections: null, headersTimeout: 120_000, bodyTimeout: 120_000 }));
  return async (method, path, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await pool.request({ method: method as Dispatcher.HttpMethod, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body: parsed };
  };
}
const pools: Record<string, Pool> = {};
onCleanup(() => Promise.all(Object.values(pools).map((p) => p.close())).then(() => undefined));

export function expectOk(r: ApiResult, what: string): any {
  if (r.status !== 200) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r.body;
}

/** ~n employees as CSV (header + rows), varied enough for realistic rows; `from` offsets their numbers (e-mails). */
export function employeesCsv(n: number, from = 0): string {
  const first = ['Anna', 'Boris', 'Chloe', 'Dmytro', 'Elena', 'Fedir', 'Galyna', 'Ivan', 'Kateryna', 'Oleh', 'Maria', 'Petro'];
  const last = ['Shevchenko', 'Bondarenko', 'Kovalenko', 'Tkachenko', 'Kravchenko', 'Oliynyk', 'Smith', 'Jones', 'Melnyk', 'Boyko'];
  const dept = ['Sales', 'Finance', 'Engineering', 'HR', 'Legal', 'Support', 'Marketing'];
  const city = ['Kyiv', 'Lviv', 'Odesa', 'Kharkiv', 'Dnipro'];
  const lines = ['firstName,lastName,email,position,department,city,phone'];
  for (let i = from; i < from + n; i++) {
    lines.push(
      [
        first[i % first.length],
        last[(i * 7) % last.length],
        `employee${i}@bench.test`,
        `Specialist ${i % 9}`,
        dept[i % dept.length],
        city[i % city.length],
        `+380 44 ${String(1000000 + i).slice(-7)}`,
      ].join(','),
    );
  }
  return lines.join('\n');
}
