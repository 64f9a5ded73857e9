import { Injectable } from '@nestjs/common';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { authorFields } from './posts.repository.ts';
import { authors, comments, files, likes, posts, type CommentRow, type PostRow } from './schema.ts';

export type NewComment = typeof comments.$inferInsert;
export type FileRow = typeof files.$inferSelect;

/** Comment rows with author and whether `me` liked them. */
function commentSelect(tx: Tx, me: string | null) {
  return tx
    .select({
      comment: comments,
      author: authorFields,
      liked: sql<boolean>`EXISTS (SELECT 1 FROM ${likes} cl WHERE cl.target_id = ${comments.id} AND cl.user_id = ${me}::uuid)`,
    })
    .from(comments)
    .leftJoin(authors, eq(authors.id, comments.authorId));
}
export type CommentFeedRow = Awaited<ReturnType<ReturnType<typeof commentSelect>['execute']>>[number];

@Injectable()
export class CommentsRepository {
  /** Every comment and answer of a post, oldest first (one query). */
  ofPost(tx: Tx, me: string | null, postId: string): Promise<CommentFeedRow[]> {
    return commentSelect(tx, me).where(eq(comments.postId, postId)).orderBy(asc(comments.createdAt), asc(comments.id));
  }
  async item(tx: Tx, me: string | null, id: string): Promise<CommentFeedRow | undefined> {
    const [row] = await commentSelect(tx, me).where(eq(comments.id, id)).limit(1);
    return row;
  }
  async byId(tx: Tx, id: string): Promise<CommentRow | undefined> {
    const [row] = await tx.select().from(comments).where(eq(comments.id, id)).limit(1);
    return row;
  }
  async insert(tx: Tx, row: NewComment): Promise<CommentRow> {
    const [r] = await tx.insert(comments).values(row).returning();
    return r;
  }
  async update(tx: Tx, id: string, patch: Partial<NewComment>): Promise<CommentRow | undefined> {
    const [r] = await tx
      .update(comments)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(comments.id, id))
      .returning();
    return r;
  }
  /** Deletes a comment and its answers; output: how many comments went. */
  async delete(tx: Tx, id: string): Promise<number> {
    const answers = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(eq(comments.parentCommentId, id));
    const r = await tx.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
    return r.length ? 1 + (answers[0]?.n ?? 0) : 0;
  }
  /** Adds `delta` to the post's comment counter; output: the new count. */
  /**
   * Adds `delta` to the post's comment count and answers the post as it now is (undefined: no such post). The row
   * stays locked until the transaction ends, as with `PostsRepository.lock`: one statement for both.
   */
  async bumpPostRow(tx: Tx, postId: string, delta: number): Promise<PostRow | undefined> {
    const [r] = await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(0, ${posts.commentsCount} + ${delta})` })
      .where(eq(posts.id, postId))
      .returning();
    return r;
  }
  async bumpPost(tx: Tx, postId: string, delta: number): Promise<number> {
    const [r] = await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(0, ${posts.commentsCount} + ${delta})` })
      .where(eq(posts.id, postId))
      .returning({ n: posts.commentsCount });
    return r?.n ?? 0;
  }
}

@Injectable()
export class FilesRepository {
  /** Claims keys for a post/comment; false when one is already attached elsewhere. */
  async claim(tx: Tx, rows: (typeof files.$inferInsert)[]): Promise<boolean> {
    if (!rows.length) return true;
    const r = await tx.insert(files).values(rows).onConflictDoNothing().returning({ key: files.key });
    return r.length === rows.length;
  }
  ofPost(tx: Tx, postId: string): Promise<FileRow[]> {
    return tx.select().from(files).where(eq(files.postId, postId));
  }
  /** Files of a comment and its answers. */
  ofComment(tx: Tx, commentId: string): Promise<FileRow[]> {
    return tx
      .select()
      .from(files)
      .where(
        sql`${files.commentId} = ${commentId}::uuid OR ${files.commentId} IN (SELECT c.id FROM ${comments} c WHERE c.parent_comment_id = ${commentId}::uuid)`,
      );
  }
  async release(tx: Tx, keys: string[]): Promise<FileRow[]> {
    if (!keys.length) return [];
    return tx.delete(files).where(inArray(files.key, keys)).returning();
  }
}
