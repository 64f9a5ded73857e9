import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { userFiles, type UserFileRow } from './schema.ts';

/** SQL of the employees' HR files (people.user_files); every method runs in a Database.inTenant transaction (RLS). */
@Injectable()
export class HrFilesRepository {
  /** The employee's files, newest first. */
  ofUser(tx: Tx, userId: string): Promise<UserFileRow[]> {
    return tx.select().from(userFiles).where(eq(userFiles.userId, userId)).orderBy(desc(userFiles.createdAt), desc(userFiles.id));
  }

  /** Which of these storage keys are attached already. */
  async takenKeys(tx: Tx, keys: string[]): Promise<string[]> {
    const rows = await tx.select({ key: userFiles.key }).from(userFiles).where(inArray(userFiles.key, keys));
    return rows.map((r) => r.key);
  }

  /** Inserts the rows; a key attached meanwhile is skipped (unique key), so the answer may be shorter. */
  insert(tx: Tx, rows: (typeof userFiles.$inferInsert)[]): Promise<UserFileRow[]> {
    return tx.insert(userFiles).values(rows).onConflictDoNothing({ target: userFiles.key }).returning();
  }

  /** Deletes the file `id` of employee `userId`; returns its row, undefined when there is none. */
  async delete(tx: Tx, id: string, userId: string): Promise<UserFileRow | undefined> {
    const [f] = await tx
      .delete(userFiles)
      .where(and(eq(userFiles.id, id), eq(userFiles.userId, userId)))
      .returning();
    return f;
  }

  /** The employee a storage key is attached to, or undefined. */
  async ownerOf(tx: Tx, key: string): Promise<string | undefined> {
    const [f] = await tx.select({ userId: userFiles.userId }).from(userFiles).where(eq(userFiles.key, key)).limit(1);
    return f?.userId;
  }
}
