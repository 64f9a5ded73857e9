import type { RequestContext } from '@intranet/platform-bus';
import { afterCommit, queryRows, sql, withTenantTxHook, type Database, type Tx } from '@intranet/platform-db';
import { DomainError } from '@intranet/platform-errors';

/** What the gateway sends beside a POST called with an Idempotency-Key (RequestContext.idempotency). */
export interface RequestKey {
  /** `<client>:<user>:<key>`: one key per caller. */
  key: string;
  /** Hash of the route and its input: the same key with another request is refused. */
  fingerprint: string;
}

const reused = () => new DomainError('conflict', 'This Idempotency-Key was used for another request', { code: 'idempotencyKeyReused' });
const inProgress = () => new DomainError('conflict', 'The first request with this Idempotency-Key is still running', { code: 'idempotencyInProgress' });

type Row = { fingerprint: string; result: { value: unknown } | null };

/**
 * The service side of an Idempotency-Key (issue 38 §2): `run` answers a call the service has already done with its
 * first result, and otherwise records the key in the first tenant transaction the call opens — the write's own, so
 * the key commits exactly when the write does. A retry after a timeout (the gateway answered 503, the frozen
 * service wrote later) then returns the first result; two concurrent calls with one key serialise on the key's row
 * and the second is refused. Errors: 409 `idempotencyKeyReused` (another request under the key), 409
 * `idempotencyInProgress` (the first call has not finished). A call that fails is forgotten (its retry runs).
 * Calls of no client (the superadmin outside a workspace) keep only the gateway's key store.
 */
export async function runOnce<T>(db: Database, ctx: RequestContext, req: RequestKey, fn: () => Promise<T>): Promise<T> {
  if (!ctx.clientId) return fn();
  const clientId = ctx.clientId;
  const [prev] = await db.inTenant(ctx, (tx) =>
    queryRows<Row>(tx, sql`SELECT fingerprint, result FROM outbox.request_keys WHERE scope = ${req.key} AND created_at > now() - interval '1 day'`),
  );
  if (prev) {
    if (prev.fingerprint !== req.fingerprint) throw reused();
    if (prev.result) return prev.result.value as T;
    throw inProgress();
  }
  let claimed = false;
  let committed = false;
  const hook = {
    async first(tx: Tx) {
      // Once per call: a handler's later (or parallel) transactions belong to the same call.
      if (claimed) return;
      claimed = true;
      const won = await queryRows(
        tx,
        sql`INSERT INTO outbox.request_keys (scope, client_id, fingerprint) VALUES (${req.key}, ${clientId}, ${req.fingerprint})
            ON CONFLICT (scope) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, result = NULL, created_at = now()
            WHERE outbox.request_keys.created_at <= now() - interval '1 day'
            RETURNING 1`,
      );
      if (!won.length) throw inProgress();
      afterCommit(tx, () => void (committed = true));
    },
  };
  let value: T;
  try {
    value = await withTenantTxHook(hook, fn);
  } catch (err) {
    if (committed) {
      await db.inTenant(ctx, (tx) => tx.execute(sql`DELETE FROM outbox.request_keys WHERE scope = ${req.key} AND result IS NULL`)).catch(() => undefined);
    }
    throw err;
  }
  const stored = JSON.stringify({ value: value ?? null });
  await db.inTenant(ctx, (tx) =>
    tx.execute(
      sql`INSERT INTO outbox.request_keys (scope, client_id, fingerprint, result) VALUES (${req.key}, ${clientId}, ${req.fingerprint}, ${stored}::jsonb)
          ON CONFLICT (scope) DO UPDATE SET result = EXCLUDED.result`,
    ),
  );
  return value;
}
