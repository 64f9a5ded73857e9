import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { tagLinks, tags, type TagRow } from './schema.ts';

type NewTag = typeof tags.$inferInsert;

/** SQL of the tags of a client's modules (§7 Tags) and their links to kb articles (model 'article'). */
@Injectable()
export class TagsRepository {
  /** One tag of the transaction's client. */
  async byId(tx: Tx, id: string): Promise<TagRow | undefined> {
    const [t] = await tx.select().from(tags).where(eq(tags.id, id)).limit(1);
    return t;
  }

  /** A module's tags by name (case-insensitive); `tmpl` filters template tags when given. */
  list(tx: Tx, module: string, tmpl: boolean | undefined): Promise<TagRow[]> {
    return tx
      .select()
      .from(tags)
      .where(and(eq(tags.module, module), tmpl === undefined ? undefined : eq(tags.tmpl, tmpl)))
      .orderBy(asc(sql`lower(${tags.name})`));
  }

  /** The module's tag of that name (case-insensitive), if any. */
  async byName(tx: Tx, module: string, name: string): Promise<TagRow | undefined> {
    const [t] = await tx
      .select()
      .from(tags)
      .where(and(eq(tags.module, module), sql`lower(${tags.name}) = ${name.toLowerCase()}`));
    return t;
  }

  /** Whether another tag of the module (not `except`) has that name, case-insensitively. */
  async nameTaken(tx: Tx, module: string, name: string, except?: string): Promise<boolean> {
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.module, module), sql`lower(${tags.name}) = ${name.toLowerCase()}`));
    return rows.some((r) => r.id !== except);
  }

  async insert(tx: Tx, row: NewTag): Promise<TagRow> {
    const [t] = await tx.insert(tags).values(row).returning();
    return t;
  }

  async update(tx: Tx, id: string, patch: Partial<NewTag>): Promise<TagRow> {
    const [t] = await tx.update(tags).set(patch).where(eq(tags.id, id)).returning();
    return t;
  }

  /** Deletes the tag; its links go with it (FK cascade). */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(tags).where(eq(tags.id, id));
  }

  /** Links a tag to an item (no-op when linked). */
  async link(tx: Tx, row: { tagId: string; clientId: string; model: string; itemId: string }): Promise<void> {
    await tx.insert(tagLinks).values(row).onConflictDoNothing();
  }

  /** Unlinks a tag from an item. */
  async unlink(tx: Tx, tagId: string, model: string, itemId: string): Promise<void> {
    await tx.delete(tagLinks).where(and(eq(tagLinks.tagId, tagId), eq(tagLinks.model, model), eq(tagLinks.itemId, itemId)));
  }

  /** How many of `ids` are tags visible in the transaction's client. */
  async countKnown(tx: Tx, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    return (await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids))).length;
  }

  /** Replaces the article's tags by `tagIds`. */
  async replace(tx: Tx, clientId: string, articleId: string, tagIds: string[]): Promise<void> {
    await tx.delete(tagLinks).where(and(eq(tagLinks.model, 'article'), eq(tagLinks.itemId, articleId)));
    if (tagIds.length) await tx.insert(tagLinks).values(tagIds.map((tagId) => ({ tagId, clientId, model: 'article', itemId: articleId })));
  }

  /** Removes the tag links of the given articles. */
  async unlinkAll(tx: Tx, articleIds: string[]): Promise<void> {
    if (articleIds.length) await tx.delete(tagLinks).where(and(eq(tagLinks.model, 'article'), inArray(tagLinks.itemId, articleIds)));
  }
}
