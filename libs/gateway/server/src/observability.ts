import type { RequestContext } from '@intranet/platform-bus';
import { toFastifyPath, type RouteDef } from '@intranet/platform-contracts';
import { Errors, toHttp } from '@intranet/platform-errors';
import { contextFromHeaders, endSpan, httpDuration, readiness, renderMetrics, tracer, tracingOn, type Logger } from '@intranet/platform-host';
import { context, SpanKind, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID, timingSafeEqual } from 'node:crypto';

/** Paths of the probes and metrics (not under /api; never logged at info: probes come every few seconds). */
export const OPS_PATHS = ['/livez', '/readyz', '/metrics'] as const;

const SPAN = Symbol('span');

/**
 * The request id of a call: the caller's `x-request-id` when it looks like one (a proxy's or the web's; ≤ 64
 * characters of letters, digits, `.`, `_`, `-`), else a new UUID. Fastify's `genReqId`; echoed as `x-request-id`.
 */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const h = req.headers['x-request-id'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && /^[A-Za-z0-9._-]{1,64}$/.test(v) ? v : randomUUID();
}

/**
 * Observability of the gateway (issue 18 §6), as Fastify hooks and routes:
 * - one JSON log line per call at info: request id, method, route pattern, status, duration (ms), client id, and
 *   the user id, address and user agent; none for a route whose contract says `anonymous` (issue 11: no
 *   precise time of such a call may be written anywhere, so neither a line nor a span);
 * - `http_request_duration_seconds{method,route,status}` (route: the pattern, `(unmatched)` for a 404 of no route);
 * - with tracing on, a SERVER span per call continuing the caller's `traceparent`, active while the call runs (so
 *   the bus request's CLIENT span is its child); an anonymous route's span has no identifying attribute either;
 * - GET /livez (the process runs), /readyz (every readiness check of the process: database, bus, migrations;
 *   503 when one fails) and /metrics (Prometheus text) — on this port only with `Authorization: Bearer
 *   <metricsToken>`; without a token configured /metrics is 404 here (scrape METRICS_PORT instead).
 */
export function registerObservability(fastify: FastifyInstance, opts: { routes: RouteDef[]; log: Logger; metricsToken?: string }): void {
  const anonymous = new Set(opts.routes.filter((r) => r.anonymous).map((r) => `${r.method} ${toFastifyPath(r.path)}`));
  const log = opts.log;
  const ops = new Set<string>(OPS_PATHS);

  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    if (!tracingOn()) return done();
    const route = req.routeOptions?.url;
    if (route !== undefined && anonymous.has(`${req.method} ${route}`)) return done();
    const parent = contextFromHeaders(req.headers);
    const span = tracer().startSpan(
      `${req.method} ${route ?? '(unmatched)'}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'http.route': route, 'intranet.request_id': req.id } },
      parent,
    );
    (req as FastifyRequest & { [SPAN]?: Span })[SPAN] = span;
    context.with(trace.setSpan(parent, span), done);
  });

  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions?.url ?? '(unmatched)';
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    httpDuration.observe({ method: req.method, route, status: String(status) }, ms / 1000);
    const span = (req as FastifyRequest & { [SPAN]?: Span })[SPAN];
    if (span) {
      span.setAttribute('http.response.status_code', status);
      endSpan(span, status >= 500 ? new Error(String(status)) : undefined);
    }
    const probe = ops.has(route);
    if (probe ? log.enabled('debug') : log.enabled('info')) {
      const at = probe ? log.debug : log.info;
      if (!anonymous.has(`${req.method} ${route}`)) {
        const user = (req as FastifyRequest & { user?: RequestContext }).user;
        at('request', {
          reqId: req.id,
          method: req.method,
          route,
          status,
          durationMs: Math.round(ms * 10) / 10,
          clientId: user?.clientId ?? undefined,
          userId: user?.userId ?? undefined,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
      }
    }
    done();
  });

  fastify.get('/livez', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  fastify.get('/readyz', async (_req, reply) => {
    const r = await readiness(log);
    void reply.header('cache-control', 'no-store').status(r.ready ? 200 : 503);
    return { status: r.ready ? 'ok' : 'unavailable', checks: r.checks };
  });
  const token = opts.metricsToken ? Buffer.from(`Bearer ${opts.metricsToken}`) : undefined;
  fastify.get('/metrics', async (req: FastifyRequest, reply: FastifyReply) => {
    const refuse = (e: ReturnType<typeof Errors.notFound>) => {
      const { status, body } = toHttp(e);
      return reply.status(status).send(body);
    };
    if (!token) return refuse(Errors.notFound());
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    if (given.length !== token.length || !timingSafeEqual(given, token)) return refuse(Errors.unauthorized());
    const m = await renderMetrics();
    return reply.header('cache-control', 'no-store').type(m.contentType).send(m.body);
  });
}
