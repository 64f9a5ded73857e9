import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, eq, gt, lt } from 'drizzle-orm';
import { ssoProviders, ssoRequests, type SsoProviderRow } from './schema.ts';

type Provider = SsoProviderRow['provider'];

/** The SQL of single sign-on (issue 37): the clients' provider settings and the started sign-ins. */
@Injectable()
export class SsoRepository {
  /** Every provider row of `clientId` (tenant or system transaction). */
  list(tx: Tx, clientId: string): Promise<SsoProviderRow[]> {
    return tx.select().from(ssoProviders).where(eq(ssoProviders.clientId, clientId)).orderBy(ssoProviders.provider);
  }
  /** One provider of `clientId`, or undefined. */
  async get(tx: Tx, clientId: string, provider: Provider): Promise<SsoProviderRow | undefined> {
    const [row] = await tx
      .select()
      .from(ssoProviders)
      .where(and(eq(ssoProviders.clientId, clientId), eq(ssoProviders.provider, provider)));
    return row;
  }
  /** Inserts or replaces one provider row; returns it. */
  async upsert(tx: Tx, row: typeof ssoProviders.$inferInsert): Promise<SsoProviderRow> {
    const { clientId: _c, provider: _p, ...set } = row;
    const [saved] = await tx
      .insert(ssoProviders)
      .values(row)
      .onConflictDoUpdate({ target: [ssoProviders.clientId, ssoProviders.provider], set: { ...set, updatedAt: new Date() } })
      .returning();
    return saved;
  }
  /** Removes one provider row; true when there was one. */
  async remove(tx: Tx, clientId: string, provider: Provider): Promise<boolean> {
    const rows = await tx
      .delete(ssoProviders)
      .where(and(eq(ssoProviders.clientId, clientId), eq(ssoProviders.provider, provider)))
      .returning({ c: ssoProviders.clientId });
    return rows.length > 0;
  }
  /** Stores a started sign-in and drops the expired ones. */
  async addRequest(tx: Tx, row: typeof ssoRequests.$inferInsert): Promise<void> {
    await tx.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date()));
    await tx.insert(ssoRequests).values(row);
  }
  /** Takes (deletes and returns) the live sign-in of a state hash: a state is used once. */
  async takeRequest(tx: Tx, stateHash: string) {
    const [row] = await tx
      .delete(ssoRequests)
      .where(and(eq(ssoRequests.stateHash, stateHash), gt(ssoRequests.expiresAt, new Date())))
      .returning();
    return row;
  }
}
