import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, eq, inArray } from 'drizzle-orm';
import { files, type FileKind, type FileRow } from './schema.ts';

/** SQL of the files attached to kb nodes (cover, node file, attachments, files, CVs). */
@Injectable()
export class FilesRepository {
  /** The article's files of one kind. */
  ofKind(tx: Tx, articleId: string, kind: FileKind): Promise<FileRow[]> {
    return tx
      .select()
      .from(files)
      .where(and(eq(files.articleId, articleId), eq(files.kind, kind)));
  }

  /** Whether the article has a file node (`kind = 'node'`). */
  async hasNode(tx: Tx, articleId: string): Promise<boolean> {
    return (
      (
        await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.articleId, articleId), eq(files.kind, 'node')))
          .limit(1)
      ).length > 0
    );
  }

  /** The file whose key or thumbnail key is `key` (a thumbnail `<key>.thumb.webp` is looked up with its file). */
  async byKeyOrThumb(tx: Tx, key: string): Promise<FileRow | undefined> {
    const base = key.endsWith('.thumb.webp') ? key.slice(0, -'.thumb.webp'.length) : key;
    const rows = await tx
      .select()
      .from(files)
      .where(inArray(files.key, [...new Set([key, base])]));
    return rows.find((x) => x.key === key || x.thumbKey === key);
  }

  /** Every file of the given articles. */
  ofArticles(tx: Tx, articleIds: string[]): Promise<FileRow[]> {
    if (!articleIds.length) return Promise.resolve([]);
    return tx.select().from(files).where(inArray(files.articleId, articleIds));
  }

  /** The article's attached files (`kind = 'file'`): those of `ids` when given (an empty list matches none), else all. */
  attached(tx: Tx, articleId: string, ids?: string[]): Promise<FileRow[]> {
    if (ids && !ids.length) return Promise.resolve([]);
    return tx
      .select()
      .from(files)
      .where(and(eq(files.articleId, articleId), eq(files.kind, 'file'), ids ? inArray(files.id, ids) : undefined));
  }

  /** Whether `fileId` is a file or file node of the article (what a favourite may mark). */
  async isMarkable(tx: Tx, articleId: string, fileId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.articleId, articleId), inArray(files.kind, ['file', 'node'])));
    return rows.length > 0;
  }

  /** Which of `keys` are attached anywhere already (one row per storage key). */
  async takenKeys(tx: Tx, keys: string[]): Promise<string[]> {
    if (!keys.length) return [];
    return (await tx.select({ key: files.key }).from(files).where(inArray(files.key, keys))).map((f) => f.key);
  }

  /** Inserts file rows; returns them as stored. */
  insertMany(tx: Tx, rows: (typeof files.$inferInsert)[]): Promise<FileRow[]> {
    return tx.insert(files).values(rows).returning();
  }

  /** Deletes file rows by id. */
  async deleteIds(tx: Tx, ids: string[]): Promise<void> {
    if (ids.length) await tx.delete(files).where(inArray(files.id, ids));
  }
}
