import { peopleRoutes } from '@intranet/people-contract';
import { sha256 } from '@intranet/platform-auth';
import { DomainError, MESSAGES } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { signInAttempts } from './schema.ts';

/** The per-address budget is this many times the per-account one (offices share one address), as in the gateway. */
const ADDRESS_FACTOR = 5;

/** Counts sign-in attempts against the budgets every people process shares. */
export interface SignInLimits {
  /**
   * Counts one attempt for `address` (the caller's address as the gateway saw it, TRUST_PROXY applied) and for
   * `login` (case and surrounding spaces ignored). Errors: 429 'Too many attempts, try again later' with
   * `details.retryAfterSeconds` (whole seconds until the exhausted budget refills).
   */
  consume(address: string | undefined, login: string): Promise<void>;
}

/**
 * Sign-in rate limits (README "Auth"; §8 'Too many attempts'): per account the contract's budget of POST
 * /api/login and /api/loginPage (one budget for both: 10 a minute), per address five times that, each scaled by
 * RATE_LIMIT_SCALE. The counters live in `people.sign_in_attempts` (rate-limiter-flexible's RateLimiterDrizzle,
 * one atomic upsert per count), so every gateway and every people replica draws on the same budget. The table is
 * not tenant-scoped and is used through the owner connection: no tenant is known yet when someone signs in. If
 * the database fails, each process counts in memory until it is back.
 */
export function signInLimits({ db, config }: Pick<DomainDeps, 'db' | 'config'>): SignInLimits {
  const rate = peopleRoutes.login.rateLimit!;
  const scale = config.RATE_LIMIT_SCALE;
  const limiter = (keyPrefix: string, points: number, clearExpired: boolean) =>
    new RateLimiterDrizzle({
      storeClient: db.drizzle,
      schema: signInAttempts,
      keyPrefix,
      points,
      duration: rate.seconds,
      // Rows expired over an hour ago are swept every 5 minutes; one sweeper per process is enough (one table).
      clearExpiredByTimeout: clearExpired,
      insuranceLimiter: new RateLimiterMemory({ points, duration: rate.seconds }),
    });
  const account = limiter('signin:account', Math.ceil(rate.points * scale), true);
  const address = limiter('signin:address', Math.ceil(rate.points * ADDRESS_FACTOR * scale), false);

  return {
    async consume(ip, login) {
      try {
        if (ip) await address.consume(ip);
        const key = login.trim().toLowerCase().slice(0, 254);
        // The table keeps a hash, not what people typed (a password pasted into the login field included).
        if (key) await account.consume(sha256(key));
      } catch (e) {
        if (e instanceof RateLimiterRes) {
          throw new DomainError('rate_limited', MESSAGES.tooManyAttempts, { details: { retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) } });
        }
        throw e;
      }
    },
  };
}
