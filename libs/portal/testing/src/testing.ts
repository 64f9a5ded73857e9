import { clientRoutes, type Client } from '@intranet/clients-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { fillPath, type RouteDef } from '@intranet/platform-contracts';
import { loadConfig, type Config } from '@intranet/platform-config';
import { testBus, testDatabase } from '@intranet/platform-testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAINS, MIGRATIONS, startPortal, type Portal } from '@intranet/portal-server';
import { domainOf } from '@intranet/platform-host';
import { allRoutes, createGateway, realtimeSubjects } from '@intranet/gateway-server';

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
  } = {},
) {
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
  const db = await testDatabase(MIGRATIONS);
  const bus = testBus(undefined, opts.busPrefix);
  const domains = opts.without ? DOMAINS.filter((m) => !opts.without!.includes(domainOf(m).name)) : undefined;
  const portal: Portal = await startPortal({ ...config, DATABASE_URL: undefined, NATS_URL: undefined }, { db, bus, listen: opts.listen ?? false, domains });
  const fastify = portal.app.getHttpAdapter().getInstance();

  /** Calls a contract route through the gateway (HTTP semantics, no socket). */
  async function call<T = any>(route: RouteDef, o: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.workspace) headers['x-company-id'] = o.workspace;
    const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
    const res = await fastify.inject({
      method: route.method,
      url: fillPath(route.path, o.params) + qs,
      headers,
      remoteAddress: o.ip ?? '127.0.0.1',
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body: body as T, headers: res.headers as CallResult['headers'] };
  }

  /** Signs in and returns the token (fails the test on a non-200). */
  async function login(login: string, password: string): Promise<{ token: string; user: User }> {
    const r = await call(peopleRoutes.authLogin, { body: { login, password } });
    if (r.status !== 200) throw new Error(`login ${login} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return { token: r.body.token, user: r.body.result };
  }

  /** Creates a client and its administrator as the superadmin; returns both and the admin's token. */
  async function makeClient(workspace: string, extra: Record<string, unknown> = {}) {
    const su = await login(SUPERADMIN.login, SUPERADMIN.password);
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

  return {
    portal,
    /** The portal's database (for specs that inspect stored rows or the database's roles). */
    db,
    config: portal.config,
    dataDir,
    call,
    login,
    makeClient,
    makeEmployee,
    async close() {
      await portal.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestPortal = Awaited<ReturnType<typeof testPortal>>;

/**
 * A second gateway node on the test portal's bus, as a second process would run it (its own HTTP server and
 * Socket.IO, the same bus: in-process or NATS), listening on a free port of 127.0.0.1. Output: its base URL
 * (`http://127.0.0.1:<port>`) and `close()` (the Nest app's). For the specs of several gateway nodes.
 */
export async function secondGateway(t: TestPortal): Promise<{ url: string; close: () => Promise<void> }> {
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
