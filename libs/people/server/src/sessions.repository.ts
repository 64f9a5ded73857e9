import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets, sessions, users, type UserRow } from './schema.ts';

/** Sessions behind the tokens: a token is honoured only while its session is live (logout and deletion end it). */
@Injectable()
export class SessionsRepository {
  /** Stores a new session (id = the token's `sid`). */
  async create(tx: Tx, s: typeof sessions.$inferInsert): Promise<void> {
    await tx.insert(sessions).values(s);
  }
  /** The live session `id` of `userId` joined with its user, or undefined if revoked, expired or unknown. */
  async live(tx: Tx, id: string, userId: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row?.user;
  }
  /** Ends one session (logout); a revoked one stays revoked. */
  async revoke(tx: Tx, id: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }
  /** Ends every live session of a user (deletion, password change); returns their ids for the revocation event. */
  async revokeAllOf(tx: Tx, userId: string): Promise<string[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }
}

/** Password reset tokens (single use, one hour); only their SHA-256 is stored. */
@Injectable()
export class ResetsRepository {
  /** Stores a reset token's hash with its expiry. */
  async create(tx: Tx, r: typeof passwordResets.$inferInsert): Promise<void> {
    await tx.insert(passwordResets).values(r);
  }
  /** Whether an unused, unexpired reset with this hash exists (the reset page checks its link on opening). */
  async live(tx: Tx, tokenHash: string): Promise<boolean> {
    const rows = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    return rows.length > 0;
  }
  /** Marks the unused, unexpired reset with this hash used and returns it (single use, atomically). */
  async consume(tx: Tx, tokenHash: string): Promise<{ userId: string; clientId: string | null } | undefined> {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId, clientId: passwordResets.clientId });
    return row;
  }
}
