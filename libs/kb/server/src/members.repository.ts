import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { eq, sql } from 'drizzle-orm';
import { members, type MemberRow } from './schema.ts';

type NewMember = typeof members.$inferInsert;

/** SQL of kb.members, kb's projection of people's users (the grants' view of employees). */
@Injectable()
export class MembersRepository {
  /** The projected user, if any. */
  async byId(tx: Tx, id: string): Promise<MemberRow | undefined> {
    const [row] = await tx.select().from(members).where(eq(members.id, id)).limit(1);
    return row;
  }

  /** Stores a complete row fetched from people (overwrites). */
  async save(tx: Tx, values: NewMember): Promise<MemberRow> {
    const [saved] = await tx
      .insert(members)
      .values(values)
      .onConflictDoUpdate({ target: members.id, set: { ...values, id: undefined } })
      .returning();
    return saved;
  }

  /** Applies an event's values unless the stored row is newer (`version`); `set` is what the event may change. */
  async project(tx: Tx, values: NewMember & { version: Date }, set: Partial<NewMember>): Promise<void> {
    await tx
      .insert(members)
      .values(values)
      .onConflictDoUpdate({ target: members.id, set, setWhere: sql`${members.version} <= ${values.version}` });
  }

  /** Marks every projected user of a client stale (bulk role changes carry no user list). */
  async staleAll(tx: Tx, clientId: string): Promise<void> {
    await tx.update(members).set({ complete: false }).where(eq(members.clientId, clientId));
  }

  /** A member's full name. */
  async nameOf(tx: Tx, userId: string): Promise<string | null> {
    const [me] = await tx.select({ name: members.fullName }).from(members).where(eq(members.id, userId));
    return me?.name ?? null;
  }
}
