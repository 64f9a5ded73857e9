import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from './index.ts';

/** Work that must run first in the tenant transactions a request opens (see `withTenantTxHook`). */
export interface TenantTxHook {
  /** Runs inside each tenant transaction before the caller's work; what it throws rolls the transaction back. */
  first(tx: Tx): Promise<void>;
}

const scope = new AsyncLocalStorage<TenantTxHook>();

/**
 * Runs `fn` with `hook` applied to every `inTenant` transaction it opens (AsyncLocalStorage, so the domain code
 * passes nothing along). The Idempotency-Key guard uses it to record the key in the write's own transaction
 * (issue 38 §2). Hooks do not nest: an inner call replaces the outer hook for its duration.
 */
export function withTenantTxHook<T>(hook: TenantTxHook, fn: () => Promise<T>): Promise<T> {
  return scope.run(hook, fn);
}

/** The hook of the current async context, if any (read by `inTenant`). */
export function currentTenantTxHook(): TenantTxHook | undefined {
  return scope.getStore();
}

/** Runs `fn` outside any hook: a bus handler or event consumer inside the same process never inherits its caller's. */
export function withoutTenantTxHook<T>(fn: () => Promise<T>): Promise<T> {
  return scope.exit(fn);
}
