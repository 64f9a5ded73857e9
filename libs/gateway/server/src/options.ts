import type { Bus, RequestContext } from '@intranet/platform-bus';
import type { RouteDef } from '@intranet/platform-contracts';
import type { Logger, RealtimeBatchRules } from '@intranet/platform-host';
import type { Storage } from '@intranet/platform-storage';

export interface GatewayOptions {
  bus: Bus;
  routes: RouteDef[];
  jwtSecret: string;
  vendor: string;
  log: Logger;
  /** Built web (dist/web): `shell/` served at /, `admin/` at /remotes/admin/. Skipped when absent. */
  webDir?: string;
  /** Largest body in bytes of a route no contract limits (default BODY_LIMITS.json); contract routes: bodyLimitOf. */
  bodyLimit?: number;
  /** Multiplier for route rate limits (benchmarks raise it). */
  rateLimitScale?: number;
  /** Object storage for uploads and signed downloads. */
  storage: Storage;
  /** Bucket name, for the §8 'no such bucket' text. */
  bucket?: string;
  /** Event subjects relayed to the browsers' sockets (§4 Realtime socket). */
  realtimeSubjects?: string[];
  /** Which relayed subjects may be sent in batches, and their identity fields (contracts' `realtimeBatch`). */
  realtimeBatch?: RealtimeBatchRules;
  /**
   * Batch window in ms (config REALTIME_BATCH_MS, default 500; 0 sends every event at once): while a workspace's
   * batchable events come faster than one per window, they go out as one `batch` frame per window.
   */
  realtimeBatchMs?: number;
  /**
   * Which proxies' X-Forwarded-For to believe (config TRUST_PROXY): false (default) uses the socket's address,
   * so a client cannot pick the address the sign-in limits count; true, a hop count or a list of proxy
   * addresses/CIDRs as Fastify's `trustProxy` takes them.
   */
  trustProxy?: boolean | number | string[];
  /**
   * Bearer token that opens GET /metrics on the gateway's own port (METRICS_TOKEN, ≥ 16 characters); default: the
   * environment's. Without one, /metrics is 404 there and Prometheus scrapes METRICS_PORT instead.
   */
  metricsToken?: string;
}

/** DI token of the GatewayOptions. */
export const GATEWAY_OPTIONS = Symbol('GatewayOptions');

/** Metadata key of the contract route (RouteDef) a handler serves; read by the guards with the Reflector. */
export const ROUTE_DEF = 'intranet:route';

/** The context of a public route's call: nobody signed in. */
export function publicContext(ip: string): RequestContext {
  return { clientId: null, userId: null, roles: [], workspace: null, lang: 'en', ip };
}

/** First value of a request header, or undefined when absent or empty. */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v || undefined;
}
