// @slow 300s (started first by tools/scripts/jest-slow-first.mjs): at least 100 generated inputs per route.
import { clientRoutes } from '@intranet/clients-contract';
import { allRoutes } from '@intranet/gateway-server';
import { fillPath, type RouteDef } from '@intranet/platform-contracts';
import { faker } from '@faker-js/faker';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { bodyFor, createWorld, jsonSchemaProps, paramNames, paramsFor, type JsonSchema, type World } from '@intranet/portal-testing/fixtures';
import { SUPERADMIN, sharedPortal, type TestPortal } from '@intranet/portal-testing';

const label = (r: RouteDef) => `${r.method} ${r.path}`;
const CASES_PER_ROUTE = 100;
const CALL_TIMEOUT_MS = 10_000;
const PARALLEL = 5;

/** JSON text nested `depth` deep, as arrays or objects (built as text: JSON.stringify itself would recurse). */
export const deepJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Bad values for one field: NUL and control characters, huge numbers, wrong types, long strings, prototype keys. */
const BAD_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u0003\u001b[31m',
  'x\u007f\u0085y',
  'tab\tand\nnewline\r',
  '\ud800',
  'a'.repeat(100_000),
  '',
  ' ',
  1e308,
  -1e308,
  2 ** 64,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  1.5,
  true,
  false,
  null,
  [],
  {},
  [null],
  [[[]]],
  { __proto__: null, polluted: true },
  { constructor: { prototype: { polluted: true } } },
  ['a\u0000'],
  { a: 'b\u0000' },
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '%00',
  '1e400',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  '😀'.repeat(1000),
  'ﬀ\u202e',
  '2020-02-30',
  '-1',
  '9'.repeat(400),
];
/** Bad values for a path segment (URI-encoded by fillPath). */
const BAD_PARAMS = ['\u0000', 'a\u0000b', '\u001f', 'x'.repeat(5_000), '..', '%', '-1', '1e400', '9'.repeat(400), '😀', ' ', '\u00ff\u202e'];

/** Raw JSON payloads that no object can produce (prototype keys survive only as text). */
const RAW_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  'null',
  '[]',
  '"text"',
  '123',
  '{',
  '{"a":"\\u0000"}',
  deepJson(5_000, 'array'),
  deepJson(5_000, 'object'),
  '{"x":' + deepJson(5_000, 'array') + '}',
];

/** Text that only an internal failure would put in a response. */
const INTERNAL =
  /\bat .+:\d+:\d+|stack|node_modules|TypeError|ReferenceError|RangeError|Maximum call stack|postgres|syntax error at|relation "|violates|duplicate key|Cannot read prop|undefined is not|drizzle|pglite|ECONN/i;

interface Case {
  what: string;
  params: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  raw?: string;
}

/** Seeded generator of a route's bad inputs: from its zod schemas (z.toJSONSchema) plus the fixed hostile set. */
function casesFor(route: RouteDef, w: World, seed: number): Case[] {
  faker.seed(seed);
  const params = paramsFor(route, w);
  const body = bodyFor(route, w);
  const props = jsonSchemaProps(route.body);
  const queryProps = Object.keys(jsonSchemaProps(route.query));
  const fields = [...new Set([...Object.keys(props), ...Object.keys(body), 'unknownField', '__proto__', 'constructor'])];
  const cases: Case[] = [];
  // Every hostile value in every body field (round robin), so each field meets NUL, control chars, wrong types.
  // A GET sends no body: its hostile values go into the query string (as text).
  const queryFields = [...new Set([...queryProps, 'search', 'page', 'limit', 'unknownField'])];
  for (let i = 0; cases.length < 60; i++) {
    const get = route.method === 'GET';
    const list = get ? queryFields : fields;
    const f = list[i % list.length]!;
    const v = BAD_VALUES[(i * 7 + Math.floor(i / list.length)) % BAD_VALUES.length];
    if (get) cases.push({ what: `query ${f} = ${preview(v)}`, params, query: { [f]: typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)) } });
    else cases.push({ what: `body.${f} = ${preview(v)}`, params, body: { ...body, [f]: v } });
  }
  // Faker values of the wrong kind for the schema's declared type.
  for (let i = 0; i < 10; i++) {
    const [f, s] = Object.entries(props)[i % Math.max(1, Object.keys(props).length)] ?? ['x', {} as JsonSchema];
    cases.push({ what: `body.${f} wrong type for ${JSON.stringify(s.type ?? s.format ?? 'any')}`, params, body: { ...body, [f]: wrongType(s) } });
  }
  for (const [i, p] of BAD_PARAMS.entries()) {
    const names = paramNames(route);
    if (names.length) cases.push({ what: `param ${names[i % names.length]} = ${preview(p)}`, params: { ...params, [names[i % names.length]!]: p }, body });
  }
  for (const [i, q] of ['\u0000', 'a\u0000b', 'x'.repeat(10_000), '-1', '1e400', '9'.repeat(400), '[object Object]', '\u001b'].entries()) {
    const name = queryProps[i % Math.max(1, queryProps.length)] ?? 'page';
    cases.push({ what: `query ${name} = ${preview(q)}`, params, query: { [name]: q, limit: q, offset: q }, body });
  }
  for (const raw of RAW_BODIES) cases.push({ what: `raw body ${preview(raw)}`, params, raw });
  while (cases.length < CASES_PER_ROUTE) {
    const f = faker.helpers.arrayElement(fields);
    cases.push({
      what: `body.${f} = random`,
      params,
      body: {
        ...body,
        [f]: faker.helpers.arrayElement([
          faker.string.sample(50),
          faker.number.float({ min: -1e12, max: 1e12 }),
          faker.datatype.boolean(),
          faker.string.uuid(),
          faker.lorem.paragraphs(20),
          faker.internet.url(),
        ]),
      },
    });
  }
  return cases;
}

function wrongType(s: JsonSchema): unknown {
  const t = Array.isArray(s.type) ? s.type[0] : s.type;
  if (t === 'string') return faker.number.int();
  if (t === 'number' || t === 'integer') return faker.string.alpha(5);
  if (t === 'boolean') return 'yes';
  if (t === 'array') return { not: 'an array' };
  if (t === 'object') return [faker.string.alpha(3)];
  return faker.helpers.arrayElement([{}, [], 42, 'text']);
}

const preview = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 40)}…(${s.length})` : s;
};

/**
 * Route-generic schema fuzz (issue 9): at least 100 generated bad inputs per contract route, sent through the real
 * gateway as the route's own kind of caller: never a 5xx, never internal text in the body, never a hang.
 */
describe('every route: bad input never breaks the server (§5, §8)', () => {
  let t: TestPortal;
  let w: World;
  let tokens: { admin: string; super: string };
  let calls = 0;
  const failures: string[] = [];
  const started = Date.now();

  beforeAll(async () => {
    t = await sharedPortal({ RATE_LIMIT_SCALE: '100000' });
    w = await createWorld(t, 'fuzzco');
    tokens = { admin: w.adminToken, super: w.superToken };
  });
  afterAll(async () => {
    console.log(`routes-fuzz: ${allRoutes.length} routes, ${calls} calls, ${Date.now() - started} ms`);
    await t.close();
  });

  /** Whether `token` no longer opens a session (checked on a cheap authenticated route). */
  async function sessionEnded(token: string) {
    calls++;
    return (await t.call(clientRoutes.featuresAll, { token })).status === 401;
  }

  async function send(route: RouteDef, c: Case, token: string) {
    const fastify = t.portal.app.getHttpAdapter().getInstance();
    const qs = c.query ? `?${new URLSearchParams(c.query)}` : '';
    const payload = c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
    calls++;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hang: no answer in ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        fastify.inject({
          method: route.method,
          url: fillPath(route.path, c.params) + qs,
          headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(payload !== undefined && route.method !== 'GET' ? { payload } : {}),
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  for (const [i, route] of allRoutes.entries()) {
    it(`${label(route)}: ${CASES_PER_ROUTE}+ bad inputs, no 5xx, no internal text, no hang`, async () => {
      const as = route.access.kind === 'superadmin' ? 'super' : 'admin';
      const cases = casesFor(route, w, 1000 + i);
      assert.ok(cases.length >= CASES_PER_ROUTE);
      // A few calls at a time: the bus round trips overlap (NATS), the order of checks does not matter.
      for (let k = 0; k < cases.length; k += PARALLEL) {
        let succeeded = false;
        await Promise.all(
          cases.slice(k, k + PARALLEL).map(async (c) => {
            let res;
            try {
              res = await send(route, c, tokens[as]);
            } catch (e) {
              failures.push(`${label(route)} ${c.what}: ${(e as Error).message}`);
              return;
            }
            if (res.statusCode < 400) succeeded = true;
            if (res.statusCode >= 500) failures.push(`${label(route)} ${c.what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            // A 2xx may echo what was stored (a post whose text is "stack"); only error answers must not carry internals.
            else if (res.statusCode >= 400 && INTERNAL.test(res.body)) {
              failures.push(`${label(route)} ${c.what}: ${res.statusCode} internal text "${INTERNAL.exec(res.body)![0]}" in ${res.body.slice(0, 200)}`);
            }
          }),
        );
        // Only a case that succeeded can have ended the session (logout, password change): then sign in again.
        if (succeeded && (await sessionEnded(tokens[as]))) {
          tokens =
            as === 'super'
              ? { ...tokens, super: (await t.login(SUPERADMIN.login, SUPERADMIN.password)).token }
              : { ...tokens, admin: (await t.login(`admin@${w.workspace}.test`, 'adminpass1')).token };
        }
      }
      const mine = failures.filter((f) => f.startsWith(`${label(route)} `));
      assert.deepEqual(mine, []);
    });
  }
});
