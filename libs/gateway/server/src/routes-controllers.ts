import type { Bus, RequestContext } from '@intranet/platform-bus';
import { toFastifyPath, type RouteDef } from '@intranet/platform-contracts';
import { DomainError, MESSAGES } from '@intranet/platform-errors';
import { All, Controller, HttpCode, Inject, RequestMapping, RequestMethod, SetMetadata, UseGuards, UseInterceptors, type Type } from '@nestjs/common';
import { JwtAuthGuard, TenantGuard } from './auth.ts';
import { AccessGuard, ClientFeatureGuard, RateLimitGuard } from './guards.ts';
import { IdempotencyInterceptor } from './idempotency.ts';
import { GATEWAY_OPTIONS, ROUTE_DEF, type GatewayOptions } from './options.ts';
import { Caller, JsonText, RouteInput, RouteInputPipe, TypedText } from './pipeline.ts';

/**
 * The guards of every contract route, in order: rate limit (before anything else, as a flood must not reach the
 * bus), authentication (passport-jwt + session), tenant, access rule (§6), client feature (§3).
 */
export const ROUTE_GUARDS = [RateLimitGuard, JwtAuthGuard, TenantGuard, AccessGuard, ClientFeatureGuard];

const RESULT_HEAD = Buffer.from('{"result":');
const RESULT_TAIL = Buffer.from('}');

/** Base of the derived controllers: a contract route's validated input goes over the bus to its domain. */
class ContractRoutes {
  protected readonly bus: Bus;

  constructor(@Inject(GATEWAY_OPTIONS) opts: GatewayOptions) {
    this.bus = opts.bus;
  }

  /**
   * Sends the call to the route's subject; answers `{ result }` — with the result as the service serialised it
   * (JsonText, no parse and re-serialisation here) — or, for 'raw' routes, the handler's output as is.
   */
  protected async forward(route: RouteDef, input: unknown, caller: RequestContext): Promise<unknown> {
    const ctx = route.anonymous ? anonymousContext(caller) : caller;
    const opts = { timeoutMs: route.timeoutMs };
    if (route.envelope === 'raw' && route.contentType)
      return new TypedText(route.contentType, String(await this.bus.request(route.subject, { ctx, input }, opts)));
    if (route.envelope === 'raw') return this.bus.request(route.subject, { ctx, input }, opts);
    const json = await this.bus.requestJson(route.subject, { ctx, input }, opts);
    return new JsonText(typeof json === 'string' ? `{"result":${json}}` : Buffer.concat([RESULT_HEAD, json, RESULT_TAIL]));
  }
}

/**
 * What an anonymous route's service gets of its caller (RouteDef.anonymous): the tenant only. No user id, session,
 * address or roles cross the bus, so neither the handler nor a bus trace can tell who sent it.
 */
export function anonymousContext(ctx: RequestContext): RequestContext {
  return { clientId: ctx.clientId, userId: null, roles: [], workspace: ctx.workspace, lang: 'en', featuresOff: ctx.featuresOff };
}

/**
 * Nest controllers derived from the contracts (DESIGN §4: one definition per route): one class per domain (the
 * subject's first segment), one method per RouteDef decorated with its method and path (RequestMapping), the
 * RouteDef itself as metadata (SetMetadata, read by the guards and the Idempotency-Key interceptor), and its input
 * through RouteInputPipe. No path,
 * schema or rule is written here; `skip` leaves out the routes a hand-written controller serves (files.*).
 */
export function contractControllers(routes: RouteDef[], skip: (r: RouteDef) => boolean = () => false): Type[] {
  const byDomain = new Map<string, RouteDef[]>();
  for (const r of routes) {
    if (skip(r)) continue;
    const domain = r.subject.split('.')[0]!;
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), r]);
  }
  return [...byDomain].map(([domain, defs]) => {
    const cls = class extends ContractRoutes {};
    Object.defineProperty(cls, 'name', { value: `${domain[0]!.toUpperCase()}${domain.slice(1)}RoutesController` });
    for (const route of defs) {
      const name = route.subject;
      const handler = function (this: ContractRoutes, input: unknown, ctx: RequestContext) {
        return this.forward(route, input, ctx);
      };
      Object.defineProperty(cls.prototype, name, { value: handler, writable: true, configurable: true });
      const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, name)!;
      RequestMapping({ path: toFastifyPath(route.path), method: RequestMethod[route.method] })(cls.prototype, name, descriptor);
      HttpCode(200)(cls.prototype, name, descriptor);
      SetMetadata(ROUTE_DEF, route)(cls.prototype, name, descriptor);
      RouteInput(route, RouteInputPipe)(cls.prototype, name, 0);
      Caller()(cls.prototype, name, 1);
    }
    UseGuards(...ROUTE_GUARDS)(cls);
    UseInterceptors(IdempotencyInterceptor)(cls);
    Controller()(cls);
    return cls;
  });
}

/** Code of the 404 for an /api path no route serves (the web shows the §8 'API not found' dialog for it). */
export const API_NOT_FOUND_CODE = 'apiNotFound';

/**
 * Any other /api path: the §8 not-found body (never the web app's page), with the code `apiNotFound` so the web
 * tells a route the server does not have (a web newer than its server) from an entity that is not there.
 */
@Controller()
export class ApiNotFoundController {
  @All('/api/*')
  notFound(): never {
    throw new DomainError('not_found', MESSAGES.notFound, { code: API_NOT_FOUND_CODE });
  }
}
