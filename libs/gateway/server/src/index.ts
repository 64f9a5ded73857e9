import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { parseRouteInput } from '@intranet/platform-bus';
import { clientFeatureActive, routeClientFeature } from '@intranet/clients-contract';
import { allows, buildOpenApi, toFastifyPath, type RateLimit, type RouteDef } from '@intranet/platform-contracts';
import { DomainError, Errors, MESSAGES, toHttp } from '@intranet/platform-errors';
import type { Logger } from '@intranet/platform-host';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { registerFiles } from './files.ts';
import { attachRealtime } from './realtime.ts';
import { IdentityResolver } from './identity.ts';
import type { Storage } from '@intranet/platform-storage';

export interface GatewayOptions {
  bus: Bus;
  routes: RouteDef[];
  jwtSecret: string;
  vendor: string;
  log: Logger;
  /** Built web (dist/web): `shell/` served at /, `admin/` at /remotes/admin/. Skipped when absent. */
  webDir?: string;
  /** Largest JSON body in bytes (default 25 MB: the CSV import is the biggest). */
  bodyLimit?: number;
  /** Multiplier for route rate limits (benchmarks raise it). */
  rateLimitScale?: number;
  /** Object storage for uploads and signed downloads. */
  storage: Storage;
  /** Bucket name, for the §8 'no such bucket' text. */
  bucket?: string;
  /** Event subjects relayed to the browsers' sockets (§4 Realtime socket). */
  realtimeSubjects?: string[];
  /**
   * Which proxies' X-Forwarded-For to believe (config TRUST_PROXY): false (default) uses the socket's address,
   * so a client cannot pick the address the sign-in limits count; true, a hop count or a list of proxy
   * addresses/CIDRs as Fastify's `trustProxy` takes them.
   */
  trustProxy?: boolean | number | string[];
}

/** Nest module of the gateway: no controllers — routes come from the contracts (DESIGN §4). */
class GatewayModule {}
Module({})(GatewayModule);

/**
 * Builds the gateway (NestJS on Fastify): registers every contract route with no per-route code, serves the
 * OpenAPI document (/api/docs, JSON at /api/docs/json) and the built web. Returns the Nest app, not listening.
 */
export async function createGateway(opts: GatewayOptions): Promise<NestFastifyApplication> {
  const tp = opts.trustProxy ?? false;
  // A hop count becomes proxy-addr's "trust the first n hops" function (the adapter's types take no number).
  const trustProxy = typeof tp === 'number' ? (_addr: string, hop: number) => hop < tp : tp;
  const adapter = new FastifyAdapter({ trustProxy, bodyLimit: opts.bodyLimit ?? 25 * 1024 * 1024, logger: false });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, { logger: false });
  // Nest installs its own not-found and error hooks in init(); ours are set afterwards and take precedence.
  await app.init();
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const identity = new IdentityResolver(opts.bus, opts.jwtSecret);
  await identity.watch();

  fastify.addHook('onSend', async (_req, reply) => {
    reply.header('x-vendor', opts.vendor);
    reply.header('x-content-type-options', 'nosniff');
  });

  const doc = buildOpenApi(opts.routes, { title: 'Intranet portal API', version: '1' });
  await fastify.register(fastifySwagger, { mode: 'static', specification: { document: doc as never } });
  await fastify.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const scale = opts.rateLimitScale ?? 1;
  // The API lives in its own plugin scope so its error handler (§8 bodies) does not fight Nest's.
  await fastify.register(async (api) => {
    api.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      // Fastify's own failures (bad JSON, body too large) and anything unexpected: safe text, no stack.
      if (err.statusCode === 413) return send(reply, new DomainError('payload_too_large', 'Error: file size too big'));
      if (err.statusCode && err.statusCode < 500) return send(reply, Errors.badRequest(err.message));
      opts.log.error(`${req.method} ${req.url}: ${err.name}: ${err.message}`);
      return send(reply, Errors.internal());
    });
    // files.* stream bytes: the gateway serves them itself (DESIGN §7); every other route goes over the bus.
    const limiters = new Map<RateLimit, Limiters>();
    for (const route of opts.routes) if (!route.subject.startsWith('files.')) registerRoute(api, route, identity, opts.bus, opts.log, limitersFor(limiters, route.rateLimit, scale));
    await registerFiles(api, {
      storage: opts.storage,
      bus: opts.bus,
      secret: opts.jwtSecret,
      bucket: opts.bucket ?? 'intranet',
      identify: (req) => identity.context(req.raw, req.ip, header(req, 'x-company-id')),
      send,
    });
    api.all('/api/*', async (_req, reply) => send(reply, Errors.notFound()));
  });

  const realtime = await attachRealtime({ http: app.getHttpServer(), bus: opts.bus, identity, subjects: opts.realtimeSubjects ?? [], log: opts.log });
  // Before the HTTP server closes, the sockets must go (an open websocket keeps close() waiting forever) and
  // so must the relay's bus subscriptions. A Fastify hook, because Nest's app proxy drops assignments to app.close.
  app.getHttpAdapter().getInstance().addHook('preClose', async () => {
    await realtime.close();
  });

  const shell = opts.webDir ? join(opts.webDir, 'shell') : undefined;
  // Each built remote (dist/web/<name>) is served at /remotes/<name>/ (the shell loads its mf-manifest.json).
  const remotes = opts.webDir && existsSync(opts.webDir) ? readdirSync(opts.webDir).filter((d) => d !== 'shell' && existsSync(join(opts.webDir!, d, 'mf-manifest.json'))) : [];
  for (const name of remotes) {
    await fastify.register(fastifyStatic, { root: join(opts.webDir!, name), prefix: `/remotes/${name}/`, decorateReply: false, index: false });
  }
  const hasShell = !!shell && existsSync(join(shell, 'index.html'));
  if (hasShell) await fastify.register(fastifyStatic, { root: shell!, prefix: '/', wildcard: false, index: false });
  if (hasShell) {
    // SPA fallback: every screen of §2 is a client-side route.
    fastify.get('/*', async (req, reply) => {
      // A missing asset is a 404, not the app page (a stale bundle must fail loudly, not parse HTML as JS).
      if (/^\/(static|remotes)\//.test(req.url) || /\.[a-z0-9]{1,5}(\?|$)/i.test(req.url)) return send(reply, Errors.notFound());
      return (reply as FastifyReply & { sendFile: (f: string, root: string) => FastifyReply }).type('text/html').sendFile('index.html', shell!);
    });
  }
  return app;
}

function send(reply: FastifyReply, err: unknown) {
  const { status, body } = toHttp(err);
  return reply.status(status).send(body);
}

/** The two budgets of one rate limit: per account (the body field) and per caller address. */
interface Limiters {
  account: RateLimiterMemory;
  address: RateLimiterMemory;
  accountField?: string;
}

/**
 * The limiters of a route's rate limit. Routes that share one RateLimit object in their contract share its
 * budgets (POST /api/login and /api/loginPage both count against the same account and address), so switching
 * routes never buys more attempts. These counters are this process's only: they turn a flood away before it
 * reaches the bus. The budgets that hold across gateways are the owning service's (people counts sign-in in its
 * database); a process never counts more than all processes together, so this first line refuses nothing the
 * shared budget would still allow.
 */
function limitersFor(cache: Map<RateLimit, Limiters>, rate: RateLimit | undefined, scale: number): Limiters | undefined {
  if (!rate) return undefined;
  let l = cache.get(rate);
  if (!l) {
    // Per account: the route's points; per address: five times that (offices share one address).
    l = {
      account: new RateLimiterMemory({ points: Math.ceil(rate.points * scale), duration: rate.seconds }),
      address: new RateLimiterMemory({ points: Math.ceil(rate.points * 5 * scale), duration: rate.seconds }),
      accountField: rate.accountField,
    };
    cache.set(rate, l);
  }
  return l;
}

function registerRoute(fastify: FastifyInstance, route: RouteDef, identity: IdentityResolver, bus: Bus, log: Logger, limiter: Limiters | undefined) {
  const pub = route.access.kind === 'public';
  const feature = routeClientFeature(route.access);

  fastify.route({
    method: route.method,
    url: toFastifyPath(route.path),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        if (limiter) await consume(limiter, req);
        const ctx: RequestContext = pub
          ? { clientId: null, userId: null, roles: [], workspace: null, lang: 'en', ip: req.ip }
          : await identity.context(req.raw, req.ip, header(req, 'x-company-id'));
        if (!pub && !allows(route.access, ctx.roles)) throw Errors.noAccess();
        // A module switched off for the client (§3 features) is closed to everyone in it, admins included;
        // the superadmin, who switches features, is not held back.
        if (feature && ctx.clientId && !ctx.roles.includes('superadmin')) {
          const client = await identity.client(ctx.clientId);
          if (client && !clientFeatureActive(client, feature)) throw Errors.noAccess();
        }
        const input = parseRouteInput(route, { params: req.params, query: req.query, body: req.body ?? {} });
        const result = await bus.request(route.subject, { ctx, input }, route.timeoutMs ? { timeoutMs: route.timeoutMs } : undefined);
        return reply.send(route.envelope === 'raw' ? result : { result });
      } catch (err) {
        if (!(err instanceof DomainError)) log.error(`${route.method} ${route.path}: ${(err as Error)?.name}: ${(err as Error)?.message}`);
        return send(reply, err);
      }
    },
  });
}

/**
 * Counts a call against this process's limits (README "Auth"): per caller address (req.ip: the socket's address
 * unless TRUST_PROXY names the proxy; the same address reaches the services as ctx.ip) and per account (the
 * limit's body field, lower-cased; the key holds no route). Errors: 429 'Too many attempts, try again later' with
 * details.retryAfterSeconds.
 */
async function consume(limiter: Limiters, req: FastifyRequest) {
  const field = limiter.accountField;
  const v = field ? (req.body as Record<string, unknown> | undefined)?.[field] : undefined;
  try {
    await limiter.address.consume(req.ip);
    if (typeof v === 'string' && v.trim()) await limiter.account.consume(v.trim().toLowerCase().slice(0, 254));
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new DomainError('rate_limited', MESSAGES.tooManyAttempts, { details: { retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) } });
    throw e;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v || undefined;
}
export { allRoutes, realtimeSubjects } from './routes.ts';
