import type { SQL } from 'drizzle-orm';

/** Anything that runs raw SQL: a transaction (`Tx`) or a Drizzle database. */
export interface RawExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Runs a raw SQL statement and returns its rows typed as `T` (issue 30 §2: one helper instead of per-domain `rowsOf`
 * casts). Both drivers answer `{ rows }` (node-postgres and PGlite); column names are as the SQL spells them
 * (snake_case unless aliased) and values as the driver decodes them (bigint/numeric may be strings). A statement
 * without rows (an UPDATE) gives []. The type is the caller's promise: nothing is validated.
 */
export async function queryRows<T extends object = Record<string, unknown>>(tx: RawExecutor, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as { rows?: T[] } | null;
  return res?.rows ?? [];
}
