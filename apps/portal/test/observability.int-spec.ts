import { allRoutes, createGateway } from '@intranet/gateway-server';
import { peopleRoutes } from '@intranet/people-contract';
import { systemContext } from '@intranet/platform-bus';
import { testBus } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { context, trace } from '@opentelemetry/api';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { rm } from 'node:fs/promises';

// Loaded as the embedded portal's entry point loads it (apps/portal/src/main.ts: lazily).
const { createLogger, flushTracing, instrumentBus, startOpsServer, startTracing, stopTracing, tracer } = await import('@intranet/platform-host');

/**
 * Issue 18 §6: structured JSON logs (request id, client, route pattern, status, duration; nothing personal on an
 * anonymous route), /metrics with the named series, /livez and /readyz (503 once the database is closed), and
 * W3C trace context from the gateway over the bus to the handler (NATS message headers in distributed mode).
 */

/** A logger destination keeping every JSON line. */
function lines(): { stream: Writable; entries: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      out.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  return { stream, entries: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const gatewayOf = (t: TestPortal) => t.portal.app.getHttpAdapter().getInstance();

describe('JSON request log (issue 18 §6)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await testPortal();
  });
  afterAll(() => t.close());

  it('one line per call: request id, client id, route pattern, status, duration; no line at all for an anonymous route', async () => {
    const { client, adminToken, admin } = await t.makeClient('obslog');
    const log = lines();
    const anonymousGet = { ...peopleRoutes.userGet, anonymous: true };
    // A second gateway on the portal's bus, whose contract marks GET api/user/{id} anonymous.
    const gw = await createGateway({
      bus: t.portal.platform.bus,
      routes: allRoutes.map((r) => (r === peopleRoutes.userGet ? anonymousGet : r)),
      jwtSecret: t.config.JWT_SECRET!,
      vendor: 'intranet',
      log: createLogger('info', 'gateway', log.stream),
      storage: t.portal.platform.storage,
    });
    const plain = await createGateway({
      bus: t.portal.platform.bus,
      routes: allRoutes,
      jwtSecret: t.config.JWT_SECRET!,
      vendor: 'intranet',
      log: createLogger('info', 'gateway', log.stream),
      storage: t.portal.platform.storage,
    });
    try {
      const call = (app: typeof gw) =>
        app
          .getHttpAdapter()
          .getInstance()
          .inject({
            method: 'GET',
            url: `/api/user/${admin._id}`,
            headers: { authorization: `Bearer ${adminToken}`, 'x-request-id': 'req-obs-1', 'user-agent': 'spec-agent/1.0' },
            remoteAddress: '10.1.2.3',
          });
      const named = await call(plain);
      assert.equal(named.statusCode, 200);
      assert.equal(named.headers['x-request-id'], 'req-obs-1', 'the request id is echoed');
      const before = log.entries().length;
      const anon = await call(gw);
      assert.ok(anon.statusCode < 500, String(anon.statusCode));
      const [full, ...rest] = log.entries().filter((e) => e.msg === 'request');
      assert.equal(rest.length, 0, 'one line for the named call, none for the anonymous one');
      assert.equal(full.level, 'info');
      assert.equal(full.name, 'gateway');
      assert.match(String(full.time), /^\d{4}-\d\d-\d\dT/);
      assert.equal(full.reqId, 'req-obs-1');
      assert.equal(full.route, '/api/user/:id', 'the pattern, not the URL');
      assert.equal(full.method, 'GET');
      assert.equal(full.status, 200);
      assert.equal(typeof full.durationMs, 'number');
      assert.equal(full.clientId, client._id);
      assert.equal(full.userId, admin._id);
      assert.equal(full.ip, '10.1.2.3');
      assert.equal(full.userAgent, 'spec-agent/1.0');
      // The anonymous route: nothing at all (issue 11: no precise time of such a call is written anywhere).
      const text = JSON.stringify(log.entries().slice(before));
      for (const personal of [admin._id, client._id, '10.1.2.3', 'spec-agent', 'req-obs-1', '/api/user'])
        assert.ok(!text.includes(personal), `no ${personal} in ${text}`);
    } finally {
      await gw.close();
      await plain.close();
    }
  });

  it('the portal logger writes JSON lines with the level name to stdout (LOG_LEVEL kept)', () => {
    const log = lines();
    const l = createLogger('warn', 'people-service', log.stream);
    l.info('not at warn');
    l.warn('kept', { check: 'bus' });
    assert.deepEqual(
      log.entries().map((e) => [e.level, e.name, e.msg, e.check]),
      [['warn', 'people-service', 'kept', 'bus']],
    );
    assert.equal(l.enabled('info'), false);
    assert.equal(l.enabled('error'), true);
  });
});

describe('metrics and probes (issue 18 §6)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    process.env.METRICS_TOKEN = 'metrics-token-0123456789';
    t = await testPortal();
  });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await t.close().catch(() => undefined);
    await rm(t.dataDir, { recursive: true, force: true });
  });

  it('/metrics on the gateway port needs the bearer token and lists the HTTP, bus, outbox, pool and Node series', async () => {
    const { admin, adminToken } = await t.makeClient('obsmetrics');
    assert.equal((await t.call(peopleRoutes.userGet, { params: { id: admin._id }, token: adminToken })).status, 200);
    const f = gatewayOf(t);
    assert.equal((await f.inject({ method: 'GET', url: '/metrics' })).statusCode, 401);
    assert.equal((await f.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode, 401);
    const res = await f.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    const m = res.body;
    assert.match(m, /http_request_duration_seconds_bucket\{[^}]*method="GET"[^}]*route="\/api\/user\/:id"[^}]*status="200"/);
    assert.match(m, /bus_request_duration_seconds_count\{subject="people\.user\.get",side="client",outcome="ok"\} [1-9]/);
    assert.match(m, /bus_request_duration_seconds_count\{subject="people\.user\.get",side="server",outcome="ok"\} [1-9]/);
    assert.match(m, /^outbox_lag_seconds \d/m);
    assert.match(m, /^outbox_pending_events \d/m);
    assert.match(m, /^db_pool_connections\{state="total"\} \d/m);
    assert.match(m, /^db_pool_connections\{state="waiting"\} \d/m);
    if (process.env.DATABASE_URL) assert.match(m, /^db_pool_connections\{state="total"\} [1-9]/m, 'the runtime pool has connections');
    // Consumer lag where cheap: JetStream's durable consumers (the projections of people's users, say).
    if (process.env.NATS_URL) assert.match(m, /^bus_consumer_pending\{consumer="[^"]+"\} \d+/m);
    assert.match(m, /^process_cpu_user_seconds_total /m);
    assert.match(m, /^nodejs_eventloop_lag_seconds /m);
  });

  it('the METRICS_PORT server answers /metrics, /livez and /readyz; /readyz turns 503 when the database is closed', async () => {
    const server = await startOpsServer(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      assert.equal((await fetch(`${base}/livez`)).status, 200);
      assert.match(await (await fetch(`${base}/metrics`)).text(), /bus_request_duration_seconds/);
      const f = gatewayOf(t);
      const ready = await f.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200, ready.body);
      assert.equal(ready.json().checks.database, 'ok');
      assert.equal(ready.json().checks.bus, 'ok');
      // The domains' job workers, started once the portal listens (JobQueue.release), are polling.
      assert.equal(ready.json().checks.jobs, 'ok');
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
      assert.equal((await f.inject({ method: 'GET', url: '/livez' })).statusCode, 200);

      await t.db.close();
      const down = await f.inject({ method: 'GET', url: '/readyz' });
      assert.equal(down.statusCode, 503);
      assert.equal(down.json().checks.database, 'fail');
      assert.equal(down.json().checks.bus, 'ok');
      const opsDown = await fetch(`${base}/readyz`);
      assert.equal(opsDown.status, 503);
      assert.equal(((await opsDown.json()) as { checks: Record<string, string> }).checks.database, 'fail');
      assert.equal((await f.inject({ method: 'GET', url: '/livez' })).statusCode, 200, 'still alive: only not ready');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

/** An OTLP/HTTP (JSON) receiver collecting the spans it is sent. */
async function otlpReceiver(): Promise<{ url: string; spans: () => OtlpSpan[]; server: Server }> {
  const got: OtlpSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { resource: { attributes: Attr[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const rs of body.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans) got.push({ ...s, service, traceId: hex(s.traceId), spanId: hex(s.spanId), parentSpanId: hex(s.parentSpanId) });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans: () => got, server };
}

interface Attr {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Attr[];
  service?: string;
}

/** OTLP JSON ids are hex; a base64 one (older encoders) is turned into hex. */
function hex(id: string | undefined): string {
  if (!id) return '';
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

describe('traces from the gateway over the bus to the handler and its SQL (issue 18 §6)', () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let t: TestPortal;
  beforeAll(async () => {
    receiver = await otlpReceiver();
    await startTracing('observability-spec', { endpoint: receiver.url });
    t = await testPortal();
  });
  afterAll(async () => {
    await t.close();
    await stopTracing();
    receiver.server.close();
  });

  it("a handler receives the caller's span as W3C traceparent in the request headers", async () => {
    const bus = instrumentBus(testBus('trace'));
    bus.handle('spec.trace.echo', async (_req, meta) => ({ traceparent: meta?.headers?.traceparent ?? null }));
    await bus.start();
    try {
      const span = tracer().startSpan('spec caller');
      const got = await context.with(trace.setSpan(context.active(), span), () =>
        bus.request<{ traceparent: string | null }>('spec.trace.echo', { ctx: systemContext(), input: {} }),
      );
      span.end();
      assert.ok(got.traceparent, 'a traceparent header reached the handler');
      const [version, traceId, parentId, flags] = got.traceparent.split('-');
      assert.equal(version, '00');
      assert.equal(traceId, span.spanContext().traceId, "the caller's trace");
      assert.notEqual(parentId, span.spanContext().spanId, 'the bus CLIENT span is the parent, not the caller itself');
      assert.equal(flags, '01', 'sampled');
      await flushTracing();
      const client = receiver.spans().find((s) => s.spanId === parentId);
      assert.ok(client, 'the CLIENT span was exported');
      assert.equal(client.name, 'spec.trace.echo send');
      assert.equal(client.parentSpanId, span.spanContext().spanId);
    } finally {
      await bus.close();
    }
  });

  it('one trace: HTTP span (continuing the caller), bus CLIENT span, the service SERVER span, and SQL in distributed mode', async () => {
    const { admin, adminToken } = await t.makeClient('obstrace');
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const r = await t.call(peopleRoutes.userGet, { params: { id: admin._id }, token: adminToken, headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
    assert.equal(r.status, 200);
    await flushTracing();
    const spans = receiver.spans().filter((s) => s.traceId === traceId);
    const http = spans.find((s) => s.name === 'GET /api/user/:id');
    assert.ok(http, `HTTP span in ${spans.map((s) => s.name).join(', ')}`);
    assert.equal(http.parentSpanId, callerSpan, "continues the caller's traceparent");
    const client = spans.find((s) => s.name === 'people.user.get send');
    assert.ok(client, 'bus CLIENT span');
    assert.equal(client.parentSpanId, http.spanId);
    const server = spans.find((s) => s.name === 'people.user.get process');
    assert.ok(server, 'bus SERVER span');
    assert.equal(server.parentSpanId, client.spanId, 'the handler continued the context its request carried');
    if (process.env.DATABASE_URL) {
      const ids = new Set([server.spanId]);
      // SQL spans below the handler's span (directly, or below pg's own connect span).
      for (let grew = true; grew;) {
        grew = false;
        for (const s of spans) {
          if (s.parentSpanId && ids.has(s.parentSpanId) && !ids.has(s.spanId)) {
            ids.add(s.spanId);
            grew = true;
          }
        }
      }
      const sql = spans.filter((s) => ids.has(s.spanId) && s.attributes?.some((a) => a.key === 'db.system' || a.key === 'db.system.name'));
      assert.ok(sql.length > 0, `SQL spans under the handler: ${spans.map((s) => s.name).join(', ')}`);
    }
  });
});
