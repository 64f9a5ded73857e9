import { Injectable } from '@nestjs/common';
import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { appSections, appSettings, clients, lifeJobs, type ClientRow, type LifeJobRow } from './schema.ts';

/** A value sealed by platform-config's sealSecret (PostgreSQL regular expression). */
const SEALED_RE = '^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{22}[.]';

/**
 * All the SQL of the clients domain (Drizzle; Immich style: repositories own the queries). Every call runs inside
 * the transaction the service opened (a tenant one, or the system's for the superadmin and bus look-ups).
 */
@Injectable()
export class ClientsRepository {
  /** Clients ordered by name; optional case-insensitive search over workspace and name. */
  list(tx: Tx, search?: string): Promise<ClientRow[]> {
    const q = tx.select().from(clients).where(eq(clients.deleted, false)).$dynamic();
    if (search) {
      const like = `%${search.replace(/[%_\\]/g, '\\$&')}%`;
      q.where(sql`${clients.deleted} = false AND (${or(ilike(clients.workspace, like), ilike(clients.name, like))})`);
    }
    return q.orderBy(asc(clients.name));
  }

  /** The client with this id (deleted ones too: callers decide), or undefined. */
  async byId(tx: Tx, id: string): Promise<ClientRow | undefined> {
    const [row] = await tx.select().from(clients).where(eq(clients.id, id)).limit(1);
    return row;
  }

  /** The client whose workspace code equals `workspace` (case-insensitive; codes are stored lower-cased). */
  async byWorkspace(tx: Tx, workspace: string): Promise<ClientRow | undefined> {
    const [row] = await tx.select().from(clients).where(eq(clients.workspace, workspace.toLowerCase())).limit(1);
    return row;
  }

  /** Inserts one client and returns the stored row. */
  async insert(tx: Tx, row: typeof clients.$inferInsert): Promise<ClientRow> {
    const [out] = await tx.insert(clients).values(row).returning();
    return out;
  }

  /** Adds `bytes` to used storage if it stays within the total; returns the new figures or undefined. */
  async reserve(tx: Tx, id: string, bytes: number): Promise<{ used: number; total: number } | undefined> {
    const [row] = await tx
      .update(clients)
      .set({ storageUsedBytes: sql`${clients.storageUsedBytes} + ${bytes}` })
      .where(sql`${clients.id} = ${id} AND ${clients.storageUsedBytes} + ${bytes} <= ${clients.storageTotalBytes}`)
      .returning({ used: clients.storageUsedBytes, total: clients.storageTotalBytes });
    return row;
  }

  /** Gives `bytes` of used storage back (never below 0); returns the new figures, undefined for an unknown id. */
  async release(tx: Tx, id: string, bytes: number): Promise<{ used: number; total: number } | undefined> {
    const [row] = await tx
      .update(clients)
      .set({ storageUsedBytes: sql`greatest(${clients.storageUsedBytes} - ${bytes}, 0)` })
      .where(eq(clients.id, id))
      .returning({ used: clients.storageUsedBytes, total: clients.storageTotalBytes });
    return row;
  }

  /** Clients whose HR password is stored as it was typed (before issue 12 sealed it): id and value. */
  async plainHrPasswords(tx: Tx): Promise<{ id: string; hrPassword: string }[]> {
    const rows = await tx
      .select({ id: clients.id, hrPassword: clients.hrPassword })
      .from(clients)
      .where(sql`${clients.hrPassword} IS NOT NULL AND ${clients.hrPassword} !~ ${SEALED_RE}`);
    return rows as { id: string; hrPassword: string }[];
  }

  /** Replaces one client's HR password only if it still equals `was` (replicas may seal the same row at once). */
  async replaceHrPassword(tx: Tx, id: string, was: string, now: string): Promise<void> {
    await tx
      .update(clients)
      .set({ hrPassword: now })
      .where(sql`${clients.id} = ${id} AND ${clients.hrPassword} = ${was}`);
  }

  /** Applies `patch` (and updatedAt); returns the new row, undefined for an unknown id. */
  async update(tx: Tx, id: string, patch: Partial<typeof clients.$inferInsert>): Promise<ClientRow | undefined> {
    const [out] = await tx
      .update(clients)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(clients.id, id))
      .returning();
    return out;
  }

  /** Removes the client's own row (the last step of a full delete); the number of rows removed. */
  async remove(tx: Tx, id: string): Promise<number> {
    const rows = await tx.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
    return rows.length;
  }

  /** The storage keys (`<client>/...`) the client's own row mentions (logo, design images), as text search over the row. */
  async keysOf(tx: Tx, id: string): Promise<string[]> {
    const [row] = await tx.select().from(clients).where(eq(clients.id, id)).limit(1);
    return row ? [...JSON.stringify(row).matchAll(new RegExp(`${id}/[A-Za-z0-9._/-]+`, 'g'))].map((m) => m[0]) : [];
  }

  /** Inserts one long job (issue 36) and returns it. */
  async jobInsert(tx: Tx, row: typeof lifeJobs.$inferInsert): Promise<LifeJobRow> {
    const [out] = await tx.insert(lifeJobs).values(row).returning();
    return out;
  }

  /** The long job with this id, or undefined. */
  async jobById(tx: Tx, id: string): Promise<LifeJobRow | undefined> {
    const [row] = await tx.select().from(lifeJobs).where(eq(lifeJobs.id, id)).limit(1);
    return row;
  }

  /** The 20 newest long jobs that read, delete or created the client `id`. */
  jobsOf(tx: Tx, id: string): Promise<LifeJobRow[]> {
    return tx
      .select()
      .from(lifeJobs)
      .where(or(eq(lifeJobs.sourceId, id), eq(lifeJobs.targetId, id)))
      .orderBy(desc(lifeJobs.createdAt))
      .limit(20);
  }

  /** Applies `patch` to a long job (and updatedAt); returns it, undefined for an unknown id. */
  async jobUpdate(tx: Tx, id: string, patch: Partial<typeof lifeJobs.$inferInsert>): Promise<LifeJobRow | undefined> {
    const [out] = await tx
      .update(lifeJobs)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(lifeJobs.id, id))
      .returning();
    return out;
  }

  /** The application's sections in code order. */
  appSections(tx: Tx): Promise<{ code: string; active: boolean }[]> {
    return tx.select({ code: appSections.code, active: appSections.active }).from(appSections).orderBy(asc(appSections.code));
  }

  /** Adds the sections `codes` names that are missing (switched on); existing ones keep their flag. */
  async appSectionsAdd(tx: Tx, codes: readonly string[]): Promise<void> {
    if (codes.length)
      await tx
        .insert(appSections)
        .values(codes.map((code) => ({ code })))
        .onConflictDoNothing();
  }

  /** Switches one section; false when the application has no such section. */
  async appSectionSet(tx: Tx, code: string, active: boolean): Promise<boolean> {
    const rows = await tx.update(appSections).set({ active, updatedAt: new Date() }).where(eq(appSections.code, code)).returning({ code: appSections.code });
    return rows.length > 0;
  }

  /** Whether the installation is in maintenance mode (false until a superadmin first sets it). */
  async appMaintenance(tx: Tx): Promise<boolean> {
    const [row] = await tx.select({ maintenance: appSettings.maintenance }).from(appSettings).where(eq(appSettings.id, 'app')).limit(1);
    return row?.maintenance ?? false;
  }

  /** Sets the installation's maintenance mode; answers whether it changed. */
  async appMaintenanceSet(tx: Tx, maintenance: boolean): Promise<boolean> {
    const was = await this.appMaintenance(tx);
    await tx
      .insert(appSettings)
      .values({ id: 'app', maintenance })
      .onConflictDoUpdate({ target: appSettings.id, set: { maintenance, updatedAt: new Date() } });
    return was !== maintenance;
  }
}
