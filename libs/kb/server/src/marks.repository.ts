import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, eq, sql } from 'drizzle-orm';
import { articles, favourites, views } from './schema.ts';

/** SQL of the per-user marks on kb nodes: favourites and views. */
@Injectable()
export class MarksRepository {
  /** The user's favourite nodes (not files) of the client. */
  async favouriteNodes(tx: Tx, userId: string): Promise<Set<string>> {
    const rows = await tx
      .select({ id: favourites.articleId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.fileId, '')));
    return new Set(rows.map((f) => f.id));
  }

  /** Whether the user marked the node (`fileId` '') or one of its files as a favourite. */
  async isFavourite(tx: Tx, userId: string, articleId: string, fileId: string): Promise<boolean> {
    const rows = await tx
      .select({ a: favourites.articleId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.articleId, articleId), eq(favourites.fileId, fileId)));
    return rows.length > 0;
  }

  async addFavourite(tx: Tx, row: { userId: string; clientId: string; articleId: string; fileId: string }): Promise<void> {
    await tx.insert(favourites).values(row).onConflictDoNothing();
  }

  async removeFavourite(tx: Tx, userId: string, articleId: string, fileId: string): Promise<void> {
    await tx.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.articleId, articleId), eq(favourites.fileId, fileId)));
  }

  /** Counts the user's first view of the article; returns the new count, or null when the user had viewed it. */
  async countView(tx: Tx, row: { articleId: string; userId: string; clientId: string }): Promise<number | null> {
    const added = await tx.insert(views).values(row).onConflictDoNothing().returning();
    if (!added.length) return null;
    const [u] = await tx
      .update(articles)
      .set({ views: sql`${articles.views} + 1` })
      .where(eq(articles.id, row.articleId))
      .returning({ views: articles.views });
    return u.views;
  }
}
