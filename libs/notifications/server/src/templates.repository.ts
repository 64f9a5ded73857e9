import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { uuidv7, type Tx } from '@intranet/platform-db';
import type { Template } from '@intranet/notifications-contract';
import { toTemplate } from './mapping.ts';
import { templates } from './schema.ts';

/** SQL of the client's §3 templates (inside a tenant transaction). */
@Injectable()
export class TemplatesRepository {
  async list(tx: Tx, f: { code?: string; lang?: string; channel?: string }): Promise<Template[]> {
    const conds = [];
    if (f.code) conds.push(eq(templates.code, f.code));
    if (f.lang) conds.push(eq(templates.lang, f.lang));
    if (f.channel) conds.push(eq(templates.channel, f.channel));
    const rows = await tx
      .select()
      .from(templates)
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(templates.code, templates.lang, templates.channel);
    return rows.map(toTemplate);
  }
  async find(tx: Tx, id: string): Promise<Template | undefined> {
    const [row] = await tx.select().from(templates).where(eq(templates.id, id));
    return row ? toTemplate(row) : undefined;
  }
  /** The template of a code in a language and channel (en, then any language, as fallback). */
  async pick(tx: Tx, code: string, lang: string, channel: string): Promise<Template | undefined> {
    const rows = await tx
      .select()
      .from(templates)
      .where(and(eq(templates.code, code), eq(templates.channel, channel)));
    const row = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'en') ?? rows[0];
    return row ? toTemplate(row) : undefined;
  }
  async insert(tx: Tx, clientId: string, t: Omit<Template, '_id'>): Promise<Template | undefined> {
    const [row] = await tx
      .insert(templates)
      .values({ id: uuidv7(), clientId, ...t })
      .onConflictDoNothing()
      .returning();
    return row ? toTemplate(row) : undefined;
  }
  async update(tx: Tx, id: string, t: Omit<Template, '_id'>): Promise<Template | undefined> {
    const [row] = await tx
      .update(templates)
      .set({ ...t, updatedAt: new Date() })
      .where(eq(templates.id, id))
      .returning();
    return row ? toTemplate(row) : undefined;
  }
  async delete(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.delete(templates).where(eq(templates.id, id)).returning({ id: templates.id });
    return rows.length > 0;
  }
}
