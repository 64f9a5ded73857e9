import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { authors, follows, type AuthorRow } from './schema.ts';

export type NewAuthor = typeof authors.$inferInsert;

@Injectable()
export class FollowsRepository {
  async add(tx: Tx, clientId: string, followerId: string, userId: string): Promise<void> {
    await tx.insert(follows).values({ clientId, followerId, userId }).onConflictDoNothing();
  }
  async remove(tx: Tx, followerId: string, userId: string): Promise<void> {
    await tx.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.userId, userId)));
  }
  /** Whether `me` follows `userId` and how many follow `userId`. */
  async state(tx: Tx, me: string | null, userId: string): Promise<{ following: boolean; followers: number }> {
    const [r] = await tx
      .select({
        followers: sql<number>`count(*)::int`,
        following: sql<boolean>`coalesce(bool_or(${follows.followerId} = ${me}::uuid), false)`,
      })
      .from(follows)
      .where(eq(follows.userId, userId));
    return { following: Boolean(r?.following), followers: r?.followers ?? 0 };
  }
  async followers(tx: Tx, userId: string): Promise<number> {
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(eq(follows.userId, userId));
    return r?.n ?? 0;
  }
}

@Injectable()
export class AuthorsRepository {
  byIds(tx: Tx, ids: string[]): Promise<AuthorRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return tx.select().from(authors).where(inArray(authors.id, ids));
  }
  /** Upserts a projection row unless a newer version is already stored (events may arrive out of order). */
  async upsert(tx: Tx, row: NewAuthor): Promise<void> {
    const { id: _id, ...rest } = row;
    await tx
      .insert(authors)
      .values(row)
      .onConflictDoUpdate({ target: authors.id, set: rest, setWhere: sql`${authors.version} <= excluded.version` });
  }
  /** Not-deleted people of a client with a birth date (birthdays widget). */
  withBirthdays(tx: Tx, clientId: string): Promise<AuthorRow[]> {
    return tx
      .select()
      .from(authors)
      .where(and(eq(authors.clientId, clientId), eq(authors.deletionMark, false), isNotNull(authors.birthDate)));
  }
}
