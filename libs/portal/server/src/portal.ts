import { allRoutes, createGateway, realtimeBatch, realtimeSubjects } from '@intranet/gateway-server';
import type { Bus } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import type { Database } from '@intranet/platform-db';
import { discoverDomainModules, domainOf, openPlatform, PLATFORM_MIGRATIONS, startDomains, type Platform } from '@intranet/platform-host';
import type { INestMicroservice, Type } from '@nestjs/common';
import type { MigrationSet } from '@intranet/platform-db';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every domain module the embedded portal hosts (one Nest microservice on the in-process bus), discovered from the
 * servers' manifests (package.json "intranet".module): a generated domain is hosted with no edit here.
 */
export const DOMAINS = await discoverDomainModules();

/** The platform's (outbox, audit journal, job queue) and every hosted domain's migrations, in the order startDomains applies them (tests prepare a template database from them). */
export const MIGRATIONS: MigrationSet[] = [...PLATFORM_MIGRATIONS, ...DOMAINS.flatMap((m) => domainOf(m).migrations ?? [])];

export interface PortalOptions {
  /** Injected ports (tests pass a cloned database or a prefixed NATS bus); the database may still be opening. */
  db?: Database | Promise<Database>;
  bus?: Bus;
  /** Listen on config.PORT (default) or only build the app (tests use inject). */
  listen?: boolean;
  /** The domain modules to host (default DOMAINS); a spec leaves one out to run it as its own service process. */
  domains?: Type[];
}

export interface Portal {
  app: NestFastifyApplication;
  /** The domain modules' Nest application (BusTransport over the platform's bus). */
  domains: INestMicroservice;
  platform: Platform;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * Embedded mode (DESIGN §1): gateway and every domain module in one process (the domains as one Nest
 * microservice beside the gateway app, bound to the bus by BusTransport — the same handler code as a service) — PGlite in DATA_DIR (or
 * DATABASE_URL), the in-process bus (or NATS_URL), files and outbox under DATA_DIR. Resolves once serving.
 */
export async function startPortal(config: Config, opts: PortalOptions = {}): Promise<Portal> {
  await mkdir(config.DATA_DIR, { recursive: true });
  const cfg: Config = {
    ...config,
    JWT_SECRET: config.JWT_SECRET ?? (await persistedSecret(config.DATA_DIR)),
    // Secrets at rest (the HR password): the public development key unless production, where one is generated.
    SECRETS_KEY: config.SECRETS_KEY ?? (config.NODE_ENV === 'production' ? await persistedSecret(config.DATA_DIR, 'secrets-key') : undefined),
  };
  // The gateway needs no database: it is built and initialised (Nest's DI, every route compiled into Fastify's
  // router: ≈ 0.7 s of a restart's main thread) while the embedded database boots in its worker (ADR 0015).
  let gateway: Promise<NestFastifyApplication> | undefined;
  const platform = await openPlatform(cfg, {
    db: opts.db,
    bus: opts.bus,
    beforeDatabase: (ports) => {
      gateway = createGateway({
        bus: ports.bus,
        routes: allRoutes,
        realtimeSubjects,
        realtimeBatch,
        realtimeBatchMs: config.REALTIME_BATCH_MS,
        jwtSecret: cfg.JWT_SECRET!,
        vendor: cfg.VENDOR,
        log: ports.log,
        webDir: cfg.WEB_DIR,
        rateLimitScale: cfg.RATE_LIMIT_SCALE,
        trustProxy: cfg.TRUST_PROXY,
        storage: ports.storage,
        bucket: cfg.S3_BUCKET,
      }).then(async (app) => {
        await app.init();
        return app;
      });
      gateway.catch(() => undefined); // awaited below
    },
  });
  const domains = await startDomains(platform, opts.domains ?? DOMAINS);
  const app = await gateway!;
  let url = '';
  if (opts.listen !== false) {
    await app.listen(cfg.PORT, cfg.HOST);
    const addr = app.getHttpServer().address();
    const port = typeof addr === 'object' && addr ? addr.port : cfg.PORT;
    url = `http://${cfg.HOST}:${port}`;
  } else {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }
  return {
    app,
    domains,
    platform,
    url,
    config: cfg,
    async close() {
      await app.close();
      await domains.close();
      await platform.close();
    },
  };
}

/** A random secret kept in DATA_DIR/<name> (jwt-secret, secrets-key) so it survives restarts of the embedded portal. */
async function persistedSecret(dataDir: string, name = 'jwt-secret'): Promise<string> {
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const s = randomBytes(32).toString('base64url');
    await writeFile(file, s, { mode: 0o600 });
    return s;
  }
}
