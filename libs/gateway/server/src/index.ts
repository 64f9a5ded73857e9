import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { registerSecurityHeaders } from './security-headers.ts';
import { BODY_LIMITS, bodyLimitOf, buildOpenApi, FILE_LIMITS, toFastifyPath } from '@intranet/platform-contracts';
import { loadOpsConfig } from '@intranet/platform-host';
import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { AuthModuleOptions } from '@nestjs/passport';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { ScheduleModule } from '@nestjs/schedule';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JwtAuthGuard, JwtStrategy, TenantGuard } from './auth.ts';
import { FilesController } from './files.ts';
import { AccessGuard, ClientFeatureGuard, RateLimitGuard } from './guards.ts';
import { IdentityResolver } from './identity.ts';
import { registerObservability, requestId } from './observability.ts';
import { GATEWAY_OPTIONS, type GatewayOptions } from './options.ts';
import { IdempotencyInterceptor } from './idempotency.ts';
import { ErrorFilter, RouteInputPipe, TimingInterceptor } from './pipeline.ts';
import { RealtimeGateway } from './realtime.ts';
import { ApiNotFoundController, contractControllers } from './routes-controllers.ts';
import { SHELL_DIR, WebController } from './web.ts';

export type { GatewayOptions } from './options.ts';
export { OPS_PATHS, requestId } from './observability.ts';
export { allRoutes, realtimeBatch, realtimeSubjects } from './routes.ts';
export { RealtimeGateway } from './realtime.ts';
export { PresenceCounter } from './presence.ts';

/**
 * The gateway's Nest module: controllers derived from the contracts (one per domain), the files controller, the
 * realtime gateway; passport-jwt authentication, guards, the validation pipe, one exception filter and the
 * timing/logging interceptor as providers. ScheduleModule runs the providers' `@Interval` methods (the presence
 * heartbeat) and clears them on close.
 */
@Module({})
export class GatewayModule {
  static forRoot(opts: GatewayOptions, shell: string | undefined): DynamicModule {
    const controllers: Type[] = [...contractControllers(opts.routes, (r) => r.subject.startsWith('files.')), FilesController, ApiNotFoundController];
    const providers: Provider[] = [
      { provide: GATEWAY_OPTIONS, useValue: opts },
      IdentityResolver,
      JwtStrategy,
      // AuthGuard() verifies with the strategy this gateway registered (its name is unique per gateway).
      { provide: AuthModuleOptions, useFactory: (s: JwtStrategy) => ({ defaultStrategy: s.strategyName }), inject: [JwtStrategy] },
      RateLimitGuard,
      JwtAuthGuard,
      TenantGuard,
      AccessGuard,
      ClientFeatureGuard,
      RouteInputPipe,
      IdempotencyInterceptor,
      { provide: APP_FILTER, useClass: ErrorFilter },
      { provide: APP_INTERCEPTOR, useClass: TimingInterceptor },
      RealtimeGateway,
    ];
    if (shell) {
      controllers.push(WebController);
      providers.push({ provide: SHELL_DIR, useValue: shell });
    }
    return { module: GatewayModule, imports: [ScheduleModule.forRoot()], controllers, providers };
  }
}

/**
 * The OpenAPI document of `routes`, built on its first use (/api/docs) rather than at start-up, where converting
 * every zod schema cost ≈ 100 ms of the ready time (issue 8 §1). A Proxy, because @fastify/swagger's static mode
 * takes the document object at registration and serves or stringifies it as it is.
 */
function lazyOpenApi(routes: GatewayOptions['routes']): object {
  let doc: object | undefined;
  const get = () => (doc ??= buildOpenApi(routes, { title: 'Intranet portal API', version: '1' }) as object);
  return new Proxy(
    {},
    {
      get: (_t, key) => Reflect.get(get(), key),
      has: (_t, key) => Reflect.has(get(), key),
      ownKeys: () => Reflect.ownKeys(get()),
      getOwnPropertyDescriptor: (_t, key) => {
        const d = Reflect.getOwnPropertyDescriptor(get(), key);
        return d && { ...d, configurable: true };
      },
    },
  );
}

/**
 * Issue 38 §7: every contract route gets its own body limit (bodyLimitOf: small by default, smaller for public
 * routes, more where the contract declares it) as Fastify's route option, which refuses a body by its
 * Content-Length before reading it. An onRoute hook, because Nest registers the derived controllers' routes itself.
 */
function limitBodies(
  fastify: { addHook(name: 'onRoute', fn: (r: { method: string | string[]; url: string; bodyLimit?: number }) => void): void },
  routes: GatewayOptions['routes'],
) {
  const key = (method: string, url: string) => `${method} ${url.replace(/\/+$/, '') || '/'}`;
  const limits = new Map(routes.filter((r) => !r.multipart).map((r) => [key(r.method, toFastifyPath(r.path)), bodyLimitOf(r)]));
  fastify.addHook('onRoute', (r) => {
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
      const limit = limits.get(key(m, r.url));
      if (limit !== undefined) r.bodyLimit = limit;
    }
  });
}

/**
 * Builds the gateway (a Nest application on Fastify): every contract route as a derived controller, uploads and
 * signed downloads, realtime sockets, the OpenAPI document (/api/docs, JSON at /api/docs/json) and the built web.
 * Returns the initialised Nest app, not listening.
 */
export async function createGateway(opts: GatewayOptions): Promise<NestFastifyApplication> {
  const tp = opts.trustProxy ?? false;
  // A hop count becomes proxy-addr's "trust the first n hops" function (the adapter's types take no number).
  const trustProxy = typeof tp === 'number' ? (_addr: string, hop: number) => hop < tp : tp;
  // ignoreTrailingSlash: §7 writes some paths with one ("POST api/group/"), which Nest registers without it.
  const adapter = new FastifyAdapter({
    trustProxy,
    bodyLimit: opts.bodyLimit ?? BODY_LIMITS.json,
    logger: false,
    // Request ids (issue 18 §6): the caller's x-request-id when well-formed, else a UUID; in every log line and echoed.
    requestIdHeader: false,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true },
  });
  limitBodies(adapter.getInstance() as never, opts.routes);
  const shellDir = opts.webDir ? join(opts.webDir, 'shell') : undefined;
  const shell = shellDir && existsSync(join(shellDir, 'index.html')) ? shellDir : undefined;
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(opts, shell), adapter, { logger: false });
  app.useWebSocketAdapter(new IoAdapter(app));
  const fastify = app.getHttpAdapter().getInstance();

  fastify.addHook('onSend', async (_req, reply) => {
    reply.header('x-vendor', opts.vendor);
  });
  // JSON request log, HTTP latency histogram, the HTTP span, /livez, /readyz and /metrics.
  registerObservability(fastify as never, { routes: opts.routes, log: opts.log, metricsToken: opts.metricsToken ?? loadOpsConfig().METRICS_TOKEN });
  await registerSecurityHeaders(fastify as never);
  await app.register(fastifyMultipart as never, { limits: { fileSize: FILE_LIMITS.any + 1, files: 20, fields: 10 } });
  await app.register(fastifySwagger as never, { mode: 'static', specification: { document: lazyOpenApi(opts.routes) as never } });
  // The docs page loads its scripts from files (no inline script), so it runs under the portal's CSP as it is; no
  // validator badge (an image from validator.swagger.io the CSP would refuse).
  await app.register(fastifySwaggerUi as never, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  // Each built remote (dist/web/<name>) is served at /remotes/<name>/ (the shell loads its mf-manifest.json).
  const remotes =
    opts.webDir && existsSync(opts.webDir)
      ? readdirSync(opts.webDir).filter((d) => d !== 'shell' && existsSync(join(opts.webDir!, d, 'mf-manifest.json')))
      : [];
  for (const name of remotes) {
    await app.register(fastifyStatic as never, {
      root: join(opts.webDir!, name),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      index: false,
      setHeaders: cacheHashedAssets,
    });
  }
  if (shell) await app.register(fastifyStatic as never, { root: shell, prefix: '/', wildcard: false, index: false, setHeaders: cacheHashedAssets });
  await app.init();
  return app;
}

/** A built script or style sheet: its name carries its content's hash (rspack's `[contenthash]`, tools/scripts/build-web.sh). */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css)$/;

/**
 * @fastify/static's `setHeaders`: a content-hashed file never changes under its name, so the browser keeps it for a
 * year without asking again (`immutable`); everything else (index.html, the remotes' mf-manifest.json, remotes.json,
 * icons) keeps @fastify/static's `max-age=0` and is revalidated on every load, so a new build is seen at once. Without
 * this a page load revalidated each of its ~100 scripts with a conditional request.
 */
function cacheHashedAssets(reply: { header(name: string, value: string): unknown }, path: string): void {
  if (HASHED_ASSET.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
}
