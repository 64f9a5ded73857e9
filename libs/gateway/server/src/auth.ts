import type { TokenPayload } from '@intranet/platform-auth';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteDef } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';
import { Inject, Injectable, type CanActivate, type ExecutionContext, type OnApplicationShutdown } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, AuthModuleOptions, PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { IdentityResolver } from './identity.ts';
import { TtlCache } from './ttl-cache.ts';
import { GATEWAY_OPTIONS, header, publicContext, ROUTE_DEF, type GatewayOptions } from './options.ts';

/** What passport-jwt and the strategy need of a request (a Fastify request, or a socket's handshake made into one). */
export interface TokenRequest {
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  /** The token came from the files cookie: only a download token (`use: 'files'`) is accepted, and only then. */
  filesCookie?: boolean;
}

let strategies = 0;

type JwtVerifier = (token: string, key: unknown, options: unknown, done: (err: Error | null, payload?: TokenPayload) => void) => void;
const passportJwt = Strategy as unknown as { JwtVerifier: JwtVerifier };
const verifyJwt = passportJwt.JwtVerifier;
/** Verified tokens per key (a KeyObject per gateway): token → payload. Errors are never cached. */
const verifiedTokens = new WeakMap<object, TtlCache<TokenPayload>>();

/**
 * passport-jwt's verification with a cache of tokens already verified with the same key (HMAC verification was
 * ≈ 10 % of the gateway's CPU per request, tools/bench/README.md): a token is immutable and its signature either
 * holds or not, so a hit only re-checks `exp` (and `nbf`). Revocation is not a property of the token: the session
 * check after it (IdentityResolver) still runs on every request. At most 10,000 tokens for at most 60 s each.
 */
export const cachedJwtVerifier: JwtVerifier = (token, key, options, done) => {
  const cache = typeof key === 'object' && key ? verifiedTokens.get(key) : undefined;
  const hit = cache?.get(token);
  const now = Date.now() / 1000;
  if (hit && (hit.exp === undefined || hit.exp > now) && ((hit as { nbf?: number }).nbf ?? 0) <= now) return done(null, hit);
  verifyJwt(token, key, options, (err, payload) => {
    if (!err && payload && cache) cache.set(token, Object.freeze(payload));
    done(err, payload);
  });
};
passportJwt.JwtVerifier = cachedJwtVerifier;

/** A verification key whose verified tokens cachedJwtVerifier keeps (one per gateway). */
export function jwtKey(secret: string): KeyObject {
  const key = createSecretKey(Buffer.from(secret));
  verifiedTokens.set(key, new TtlCache<TokenPayload>(60_000, 10_000));
  return key;
}

/**
 * passport-jwt strategy of one gateway (DESIGN §5): HS256 with the key as a KeyObject (spares jsonwebtoken from
 * trying the secret as a public key on every request), then the live-session check of IdentityResolver.
 * Registered with passport under a name of its own (AuthModuleOptions.defaultStrategy), so two gateways in one
 * process (tests) never verify with each other's caches.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) implements OnApplicationShutdown {
  readonly strategyName: string;

  constructor(
    @Inject(GATEWAY_OPTIONS) opts: GatewayOptions,
    private readonly identity: IdentityResolver,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: jwtKey(opts.jwtSecret) as never,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
    this.strategyName = `jwt-gateway-${++strategies}`;
    passport.use(this.strategyName, this as never);
  }

  /** The mixin registers with this throw-away instance; the constructor registers under the unique name. */
  getPassportInstance() {
    return new passport.Passport();
  }

  /**
   * Called by passport with the verified payload: the caller's session (401 when revoked). A download token works
   * only from the files cookie, and the cookie carries nothing else (issue 38 §5): 401 otherwise.
   */
  validate(req: TokenRequest, payload: TokenPayload): Promise<RequestContext> {
    if ((payload.use === 'files') !== !!req.filesCookie) return Promise.reject(Errors.unauthorized());
    return this.identity.session(payload, req.ip);
  }

  /** After the HTTP server has closed (requests in flight still verify with it). */
  onApplicationShutdown(): void {
    passport.unuse(this.strategyName);
  }

  /**
   * Authenticates a request outside an HTTP route (socket handshake, guarded download): the same verification and
   * session check, then the tenant. Resolves the context with the token's `exp`; rejects 401 / 403 / 404 as the guards do.
   */
  authenticateRequest(req: TokenRequest): Promise<{ ctx: RequestContext; exp?: number }> {
    return new Promise<RequestContext>((resolve, reject) => {
      const s = Object.create(this) as JwtStrategy & { success: (u: RequestContext) => void; fail: () => void; error: (e: unknown) => void };
      s.success = (ctx) => resolve(ctx);
      s.fail = () => reject(Errors.unauthorized());
      s.error = (e) => reject(e);
      (s as unknown as { authenticate: (r: unknown, o: unknown) => void }).authenticate(req, {});
    }).then(async (ctx) => ({ ctx: await this.identity.tenant(ctx, header(req.headers, 'x-company-id')), exp: tokenExp(req) }));
  }
}

/** `exp` of the request's bearer token (already verified by passport-jwt when this is read). */
function tokenExp(req: TokenRequest): number | undefined {
  const token = String(header(req.headers, 'authorization') ?? '').replace(/^Bearer\s+/i, '');
  try {
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Route metadata of a handler (SetMetadata(ROUTE_DEF, route) on every derived and files handler). */
export function routeOf(reflector: Reflector, context: ExecutionContext): RouteDef | undefined {
  return reflector.get<RouteDef | undefined>(ROUTE_DEF, context.getHandler());
}

/**
 * @nestjs/passport's AuthGuard with this gateway's strategy: sets `request.user` to the caller's RequestContext.
 * Public routes pass with the anonymous context. Errors: 401 (no/invalid/expired token, revoked session).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard() {
  constructor(
    @Inject(AuthModuleOptions) options: AuthModuleOptions,
    private readonly reflector: Reflector,
  ) {
    super(options);
  }

  canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    const route = routeOf(this.reflector, context);
    if (route?.access.kind === 'public') {
      const req = context.switchToHttp().getRequest<TokenRequest & { user?: RequestContext }>();
      req.user = publicContext(req.ip);
      return true;
    }
    return super.canActivate(context) as Promise<boolean>;
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    if (!user) throw Errors.unauthorized();
    return user;
  }
}

/**
 * Tenant resolution: completes the caller's context with its client (blocked → 403 'Login blocked', gone → 401)
 * or, for the superadmin, the workspace named in X-COMPANY-ID (unknown → 404). Runs after JwtAuthGuard.
 */
@Injectable()
export class TenantGuard implements CanActivate {
  constructor(private readonly identity: IdentityResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<TokenRequest & { user?: RequestContext }>();
    const ctx = req.user;
    if (!ctx?.userId) return true; // public route
    await this.identity.tenant(ctx, header(req.headers, 'x-company-id'));
    return true;
  }
}
