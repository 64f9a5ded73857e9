import { clientFeatureActive } from '@intranet/clients-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { allows, type RateLimit } from '@intranet/platform-contracts';
import { DomainError, Errors, MESSAGES } from '@intranet/platform-errors';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { routeOf } from './auth.ts';
import { IdentityResolver } from './identity.ts';
import { GATEWAY_OPTIONS, type GatewayOptions } from './options.ts';

interface GuardedRequest {
  ip: string;
  body?: unknown;
  user?: RequestContext;
}

/** The two budgets of one rate limit: per account (the body field) and per caller address. */
interface Limiters {
  account: RateLimiterMemory;
  address: RateLimiterMemory;
  accountField?: string;
}

/**
 * The route's rate limit (README "Auth"), before anything else: per caller address (req.ip: the socket's address
 * unless TRUST_PROXY names the proxy) and per account (the limit's body field, lower-cased). Routes that share one
 * RateLimit object in their contract share its budgets (POST /api/login and /api/loginPage), so switching routes
 * never buys more attempts. These counters are this process's only: they turn a flood away before it reaches the
 * bus; the budgets that hold across gateways are the owning service's. Errors: 429 'Too many attempts, try again
 * later' with details.retryAfterSeconds.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters = new Map<RateLimit, Limiters>();
  private readonly scale: number;

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_OPTIONS) opts: GatewayOptions,
  ) {
    this.scale = opts.rateLimitScale ?? 1;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rate = routeOf(this.reflector, context)?.rateLimit;
    if (!rate) return true;
    return this.consume(this.limitersOf(rate), context.switchToHttp().getRequest<GuardedRequest>());
  }

  private limitersOf(rate: RateLimit): Limiters {
    let l = this.limiters.get(rate);
    if (!l) {
      // Per account: the route's points; per address: five times that (offices share one address).
      l = {
        account: new RateLimiterMemory({ points: Math.ceil(rate.points * this.scale), duration: rate.seconds }),
        address: new RateLimiterMemory({ points: Math.ceil(rate.points * 5 * this.scale), duration: rate.seconds }),
        accountField: rate.accountField,
      };
      this.limiters.set(rate, l);
    }
    return l;
  }

  private async consume(limiter: Limiters, req: GuardedRequest): Promise<boolean> {
    const field = limiter.accountField;
    const v = field ? (req.body as Record<string, unknown> | undefined)?.[field] : undefined;
    try {
      await limiter.address.consume(req.ip);
      if (typeof v === 'string' && v.trim()) await limiter.account.consume(v.trim().toLowerCase().slice(0, 254));
    } catch (e) {
      if (e instanceof RateLimiterRes)
        throw new DomainError('rate_limited', MESSAGES.tooManyAttempts, { details: { retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) } });
      throw e;
    }
    return true;
  }
}

/** The route's access rule (§6): role, admin, superadmin or a feature right. Errors: 403 'No access'. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const route = routeOf(this.reflector, context);
    if (!route || route.access.kind === 'public') return true;
    const ctx = context.switchToHttp().getRequest<GuardedRequest>().user;
    if (!ctx || !allows(route.access, ctx.roles)) throw Errors.noAccess();
    return true;
  }
}

/**
 * A module switched off for the client (§3 features) closes its routes to everyone in it, admins included; the
 * superadmin, who switches features, is not held back. Errors: 403 'No access'.
 */
@Injectable()
export class ClientFeatureGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityResolver,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const route = routeOf(this.reflector, context);
    // Each contract route names its client feature (RouteDef.feature, derived from its right by defineRoute).
    const feature = route?.feature;
    if (!feature) return true;
    const ctx = context.switchToHttp().getRequest<GuardedRequest>().user;
    if (!ctx?.clientId || ctx.roles.includes('superadmin')) return true;
    const check = (client: Awaited<ReturnType<IdentityResolver['client']>>) => {
      if (client && !clientFeatureActive(client, feature)) throw Errors.noAccess();
      return true;
    };
    const c = this.identity.client(ctx.clientId);
    return c instanceof Promise ? c.then(check) : check(c);
  }
}
