import { peopleRoutes } from '@intranet/people-contract';
import { sha256 } from '@intranet/platform-auth';
import type { RateLimit } from '@intranet/platform-contracts';
import { DomainError, MESSAGES } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { signInAttempts } from './schema.ts';

/** The per-address budget is this many times the per-account one (offices share one address), as in the gateway. */
const ADDRESS_FACTOR = 5;

/** Counters expired longer ago than this are deleted by `sweep()` (ms). */
const SWEEP_AFTER_MS = 60 * 60 * 1000;

/** A rate limit whose counters every people process (and so every gateway) shares. */
export interface SharedRateLimit {
  /**
   * Counts one attempt for `address` (the caller's address as the gateway saw it, TRUST_PROXY applied) and, when
   * given, for `account` (case and surrounding spaces ignored). Errors: 429 'Too many attempts, try again later'
   * with `details.retryAfterSeconds` (whole seconds until the exhausted budget refills).
   */
  consume(address: string | undefined, account?: string): Promise<void>;
  /**
   * Deletes the counters of every shared limit that expired over an hour ago (one table). The owner calls it on a
   * timer it stops when the application closes; the library's own sweep timer outlived a closed database.
   */
  sweep(): Promise<void>;
}

/**
 * A contract rate limit counted in `people.sign_in_attempts` (rate-limiter-flexible's RateLimiterDrizzle, one
 * atomic upsert per count) under keys `<name>:account:<sha256 of the account>` and `<name>:address:<ip>`: per
 * account `rate.points` per `rate.seconds`, per address five times that, both scaled by RATE_LIMIT_SCALE, as
 * the gateway counts them per process. The table is not tenant-scoped and is used through the owner connection:
 * no tenant is known yet when someone signs in. If the database fails, each process counts in memory meanwhile.
 */
export function sharedRateLimit({ db, config }: Pick<DomainDeps, 'db' | 'config'>, name: string, rate: RateLimit): SharedRateLimit {
  const scale = config.RATE_LIMIT_SCALE;
  const limiter = (kind: string, points: number) => {
    return new RateLimiterDrizzle({
      storeClient: db.drizzle,
      schema: signInAttempts,
      keyPrefix: `${name}:${kind}`,
      points,
      duration: rate.seconds,
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory({ points, duration: rate.seconds }),
    });
  };
  const perAccount = limiter('account', Math.ceil(rate.points * scale));
  const perAddress = limiter('address', Math.ceil(rate.points * ADDRESS_FACTOR * scale));

  return {
    async consume(address, account) {
      try {
        if (address) await perAddress.consume(address);
        const key = account?.trim().toLowerCase().slice(0, 254);
        // The table keeps a hash, not what people typed (a password pasted into the login field included).
        if (key) await perAccount.consume(sha256(key));
      } catch (e) {
        if (e instanceof RateLimiterRes) {
          throw new DomainError('rate_limited', MESSAGES.tooManyAttempts, { details: { retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) } });
        }
        throw e;
      }
    },
    async sweep() {
      await db.drizzle.delete(signInAttempts).where(lt(signInAttempts.expire, new Date(Date.now() - SWEEP_AFTER_MS)));
    },
  };
}

/**
 * Sign-in rate limits (README "Auth"; §8 'Too many attempts'): the contract budget of POST /api/login, which
 * /api/loginPage shares (10 a minute per account, 50 per address), across every gateway and people replica.
 */
export function signInLimits(deps: Pick<DomainDeps, 'db' | 'config'>): SharedRateLimit {
  return sharedRateLimit(deps, 'signin', peopleRoutes.authLogin.rateLimit!);
}
