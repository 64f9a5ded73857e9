import { clientRoutes, type Client } from '@intranet/clients-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { fillPath, type RouteDef } from '@intranet/platform-contracts';
import { loadConfig, type Config } from '@intranet/platform-config';
import { testBus, testDatabase } from '@intranet/platform-testing';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Portal } from '@intranet/portal-server';
import type { Database } from '@intranet/platform-db';
import type { InjectOptions } from 'fastify';
import type { BusRequest, EventHandler, RequestOptions, SubscribeOptions } from '@intranet/platform-bus';

export const SUPERADMIN = { login: 'root@example.com', password: 'rootpass1' };

export interface CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  workspace?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** What a request through the gateway needs: fastify's `inject` options, answered with the raw body. */
type Inject = (o: {
  method: string;
  url: string;
  headers: Record<string, string>;
  remoteAddress: string;
  payload?: unknown;
}) => Promise<{ statusCode: number; body: string; headers: Record<string, string | string[] | undefined> }>;

/**
 * An embedded portal for integration specs: an isolated database and bus from @intranet/platform-testing (real
 * PostgreSQL/NATS when DATABASE_URL/NATS_URL are set), requests injected into the real gateway.
 */
export async function testPortal(
  overrides: Partial<Record<keyof Config, string>> = {},
  opts: {
    listen?: boolean;
    /** NATS only: the bus' subject prefix (a service process a spec starts joins it with BUS_PREFIX). */
    busPrefix?: string;
    /** Domains (by name) the portal leaves out, for a spec that runs one as its own process. */
    without?: string[];
    /** The pid of the process that owns the portal's database, when it may be killed before closing it. */
    owner?: number;
  } = {},
) {
  // Loaded here, not at the top: a spec on the shared portal (sharedPortal) never loads the servers into its sandbox.
  const { DOMAINS, MIGRATIONS, startPortal } = await import('@intranet/portal-server');
  const { domainOf } = await import('@intranet/platform-host');
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-0123456789abcdef',
    SUPERADMIN_EMAIL: SUPERADMIN.login,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    PORT: '0',
    ...overrides,
  });
  const db = await testDatabase(MIGRATIONS, opts.owner);
  const bus = testBus(undefined, opts.busPrefix);
  const domains = opts.without ? DOMAINS.filter((m) => !opts.without!.includes(domainOf(m).name)) : undefined;
  const portal: Portal = await startPortal({ ...config, DATABASE_URL: undefined, NATS_URL: undefined }, { db, bus, listen: opts.listen ?? false, domains });
  const fastify = portal.app.getHttpAdapter().getInstance();
  const inject: Inject = async (o) => {
    const res = await fastify.inject(o as InjectOptions);
    return { statusCode: res.statusCode, body: res.body, headers: res.headers as Record<string, string | string[] | undefined> };
  };
  return {
    ...harness(inject),
    portal,
    /** The portal's database (for specs that inspect stored rows or the database's roles). */
    db,
    config: portal.config,
    dataDir,
    /** The gateway's inject, answering raw bodies (the shared portal hands it to other spec files' sandboxes). */
    inject,
    async close() {
      await portal.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The shared portal's host, put on the sandbox's global by tools/scripts/jest-shared-env.mjs. */
type SharedHost = (
  overrides: Partial<Record<keyof Config, string>>,
) => Promise<Omit<TestPortal, 'call' | 'login' | 'makeClient' | 'makeEmployee'> & { superadmin: () => Promise<{ token: string; user: User }> }>;

/**
 * The portal for a spec file that does not depend on what other files did to a portal (its own workspaces, no
 * counts over every client, no fake clock): under the shared-portal test environment
 * (tools/scripts/jest-shared-env.mjs) one portal per Jest worker, started outside the sandbox and kept for the
 * worker's later files, so a file pays neither the servers' modules nor a portal start (issue 39); elsewhere
 * `testPortal(overrides)`; one shared portal per set of `overrides`. Requests come from an address of the file's own (its sign-in budgets start full, as on a
 * fresh portal); `close()` leaves the shared portal running.
 */
export async function sharedPortal(overrides: Partial<Record<keyof Config, string>> = {}): Promise<TestPortal> {
  const host = (globalThis as { __intranetSharedPortal?: SharedHost }).__intranetSharedPortal;
  if (!host) return testPortal(overrides);
  const shared = await host(overrides);
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const { superadmin, portal, ...rest } = shared;
  const { portal: mine, close } = sandboxed(portal);
  return { ...rest, db: sandboxedDb(rest.db), portal: mine, ...harness(shared.inject, ip, superadmin), close };
}

/**
 * `v` rebuilt from this realm's arrays, plain objects and dates (the shared portal's live in the worker's own realm:
 * `deepStrictEqual` compares prototypes, and an array from there is not this realm's `Array`). Other objects
 * (buffers, maps) are passed as they are.
 */
function here<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return Array.from(v as unknown[], here) as T;
  const tag = Object.prototype.toString.call(v);
  if (tag === '[object Date]') return new Date((v as unknown as Date).getTime()) as T;
  if (tag !== '[object Object]' || Buffer.isBuffer(v)) return v;
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(v)) copy[k] = here((v as Record<string, unknown>)[k]);
  return copy as T;
}

/** `target` with `own` in place of some of its methods; its other methods stay bound to it. */
function facade<T extends object>(target: T, own: Partial<T>): T {
  return new Proxy(target, {
    get: (t, key) => {
      if (key in own) return own[key as keyof T];
      const v = Reflect.get(t, key);
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });
}

/** The shared portal's database as a spec sees it: results copied into its realm; `close()` leaves it open. */
function sandboxedDb<D extends Database>(db: D): D {
  return facade(db, {
    inTenant: async (ctx, fn) => here(await db.inTenant(ctx, fn)),
    asSystem: async (reason, fn) => here(await db.asSystem(reason, fn)),
    close: async () => undefined,
  } as Partial<D>);
}

/**
 * `portal` with a bus whose events and replies reach the spec as objects of its own realm, and `close()`, which ends
 * the file's subscriptions (the shared portal outlives the file; its handlers must not).
 */
export function sandboxed(portal: Portal): { portal: Portal; close: () => Promise<void> } {
  const bus = portal.platform.bus;
  const offs: Promise<() => Promise<void>>[] = [];
  const own: Pick<typeof bus, 'subscribe' | 'request'> = {
    subscribe: <T>(subject: string, handler: EventHandler<T>, opts?: SubscribeOptions) => {
      const off = bus.subscribe<T>(subject, (event) => handler(here(event)), opts);
      offs.push(off);
      return off;
    },
    request: async <R>(subject: string, req: BusRequest, opts?: RequestOptions) => here(await bus.request<R>(subject, req, opts)),
  };
  return {
    portal: { ...portal, platform: { ...portal.platform, bus: facade(bus, own), db: sandboxedDb(portal.platform.db) } },
    async close() {
      for (const off of offs.splice(0)) await (await off)().catch(() => undefined);
    },
  };
}

/**
 * Calls, sign-ins and the client/employee set-up of a test portal, over `inject`. `ip`: the address requests come
 * from unless a call names one; `superadmin`: the superadmin's session when the portal keeps one for every file.
 */
function harness(inject: Inject, ip = '127.0.0.1', superadmin?: () => Promise<{ token: string; user: User }>) {
  /** Calls a contract route through the gateway (HTTP semantics, no socket). */
  async function call<T = any>(route: RouteDef, o: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.workspace) headers['x-company-id'] = o.workspace;
    const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
    const res = await inject({
      method: route.method,
      url: fillPath(route.path, o.params) + qs,
      headers,
      remoteAddress: o.ip ?? ip,
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body: body as T, headers: res.headers };
  }

  /** Signs in and returns the token (fails the test on a non-200). */
  async function login(login: string, password: string): Promise<{ token: string; user: User }> {
    const r = await call(peopleRoutes.authLogin, { body: { login, password } });
    if (r.status !== 200) throw new Error(`login ${login} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return { token: r.body.token, user: r.body.result };
  }

  /** Creates a client and its administrator as the superadmin; returns both and the admin's token. */
  async function makeClient(workspace: string, extra: Record<string, unknown> = {}) {
    // On the shared portal one superadmin session serves every file: its account budget (10 sign-ins a minute)
    // is the portal's, and a worker runs more files than that in a minute.
    const su = await (superadmin ? superadmin() : login(SUPERADMIN.login, SUPERADMIN.password));
    const c = await call<{ result: Client }>(clientRoutes.clientCreate, { token: su.token, body: { workspace, name: `Company ${workspace}`, ...extra } });
    if (c.status !== 200) throw new Error(`create client failed: ${c.status} ${JSON.stringify(c.body)}`);
    const client = c.body.result;
    const adminEmail = `admin@${workspace}.test`;
    const a = await call(peopleRoutes.userRegister, {
      token: su.token,
      body: {
        client_id: client._id,
        firstName: 'Ada',
        lastName: 'Admin',
        email: adminEmail,
        password: 'adminpass1',
        confirmPassword: 'adminpass1',
        roles: ['admin'],
      },
    });
    if (a.status !== 200) throw new Error(`create admin failed: ${a.status} ${JSON.stringify(a.body)}`);
    const admin = await login(adminEmail, 'adminpass1');
    return { client, admin: admin.user, adminToken: admin.token, superToken: su.token };
  }

  /** Registers an employee as `token`'s admin and signs them in. */
  async function makeEmployee(adminToken: string, email: string, extra: Record<string, unknown> = {}) {
    const r = await call<{ result: User }>(peopleRoutes.userRegister, {
      token: adminToken,
      body: { firstName: 'Emil', lastName: 'Employee', email, password: 'employee1', confirmPassword: 'employee1', ...extra },
    });
    if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
    const s = await login(email, 'employee1');
    return { user: r.body.result, token: s.token };
  }

  return { call, login, makeClient, makeEmployee };
}

export type TestPortal = Awaited<ReturnType<typeof testPortal>>;

/**
 * The helpers of `testPortal` (call, login, makeClient, makeEmployee) for a portal running as its own process at
 * `base` (`http://127.0.0.1:<port>`), over real HTTP: e.g. the server bundle `npm start` runs
 * (apps/portal/test/server-bundle.e2e-spec.ts). Its superadmin must be SUPERADMIN. `inject` sends a Buffer payload
 * as it is (multipart), any other as JSON; `remoteAddress` is the connection's own.
 */
export function httpPortal(base: string) {
  const inject: Inject = async (o) => {
    // fetch sends no body with GET or HEAD (inject would); the gateway reads none there either.
    if (o.method === 'GET' || o.method === 'HEAD') o = { ...o, payload: undefined };
    const raw = Buffer.isBuffer(o.payload);
    const res = await fetch(base + o.url, {
      method: o.method,
      headers: o.payload === undefined || raw ? o.headers : { 'content-type': 'application/json', ...o.headers },
      body: o.payload === undefined ? undefined : raw ? new Uint8Array(o.payload as Buffer) : JSON.stringify(o.payload),
    });
    return { statusCode: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
  };
  return { ...harness(inject), inject };
}

/**
 * A second gateway node on the test portal's bus, as a second process would run it (its own HTTP server and
 * Socket.IO, the same bus: in-process or NATS), listening on a free port of 127.0.0.1. Output: its base URL
 * (`http://127.0.0.1:<port>`) and `close()` (the Nest app's). For the specs of several gateway nodes.
 */
export async function secondGateway(t: TestPortal): Promise<{ url: string; close: () => Promise<void> }> {
  const { allRoutes, createGateway, realtimeSubjects } = await import('@intranet/gateway-server');
  const p = t.portal.platform;
  const app = await createGateway({
    bus: p.bus,
    routes: allRoutes,
    realtimeSubjects,
    jwtSecret: t.config.JWT_SECRET!,
    vendor: 'intranet',
    log: p.log,
    storage: p.storage,
  });
  await app.listen(0, '127.0.0.1');
  const addr = app.getHttpServer().address();
  return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => app.close() };
}

/** A multipart/form-data body with the given files under field "file" (POST api/upload). */
export function multipart(files: { name: string; data: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----intranet${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
