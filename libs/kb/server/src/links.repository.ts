import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { and, asc, eq } from 'drizzle-orm';
import { linksBlocks, type LinksBlockRow } from './schema.ts';

type NewLinksBlock = typeof linksBlocks.$inferInsert;

/** SQL of the link blocks (§7 Link blocks): one row per client, module and place, holding its links. */
@Injectable()
export class LinksRepository {
  /** One block of the transaction's client. */
  async byId(tx: Tx, id: string): Promise<LinksBlockRow | undefined> {
    const [b] = await tx.select().from(linksBlocks).where(eq(linksBlocks.id, id)).limit(1);
    return b;
  }

  /** The module's blocks, oldest first. */
  ofModule(tx: Tx, module: string): Promise<LinksBlockRow[]> {
    return tx.select().from(linksBlocks).where(eq(linksBlocks.module, module)).orderBy(asc(linksBlocks.createdAt));
  }

  /** The block of a module and place, if created. */
  async byPlace(tx: Tx, module: string, blockId: string): Promise<LinksBlockRow | undefined> {
    const [b] = await tx
      .select()
      .from(linksBlocks)
      .where(and(eq(linksBlocks.module, module), eq(linksBlocks.blockId, blockId)))
      .limit(1);
    return b;
  }

  async insert(tx: Tx, row: NewLinksBlock): Promise<LinksBlockRow> {
    const [b] = await tx.insert(linksBlocks).values(row).returning();
    return b;
  }

  /** Changes a block and bumps its `updated`. */
  async update(tx: Tx, id: string, patch: Partial<NewLinksBlock>): Promise<LinksBlockRow> {
    const [b] = await tx
      .update(linksBlocks)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(linksBlocks.id, id))
      .returning();
    return b;
  }
}
