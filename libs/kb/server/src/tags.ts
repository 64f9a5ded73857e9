import { KB_TEXT, kbRoutes } from '@intranet/kb-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, asc, eq, sql } from 'drizzle-orm';
import { aclCacheFor, assertModuleOn, hasRight, isAdminRoles, levelOn, loadAcl, sectionRight, viewerFor } from './access.ts';
import { articlesRepository } from './repository.ts';
import { tagLinks, tags, type TagRow } from './schema.ts';

type TagRoutes = Pick<typeof kbRoutes, 'tagList' | 'tagCreate' | 'tagUpdate' | 'tagAttach' | 'tagDetach' | 'tagDelete'>;

const toTag = (t: TagRow) => ({
  _id: t.id,
  client_id: t.clientId,
  module: t.module,
  name: t.name,
  color: t.color,
  tmpl: t.tmpl,
  author: t.authorId,
  created: t.createdAt.toISOString(),
});

/** §7 Tags: per-module tags of a client, attached to kb articles (model 'article'). */
export function tagHandlers({ db, bus }: DomainDeps): RouteHandlers<TagRoutes> {
  const sameClient = (ctx: RequestContext, client: string) => {
    if (!ctx.clientId || client !== ctx.clientId) throw Errors.notFound();
  };

  /** Runs `fn` on an article the caller may write (tags change what others find). Errors: 404, 403 'No access'. */
  async function onItem<T>(ctx: RequestContext, itemId: string, fn: (tx: Tx, section: string) => Promise<T>): Promise<T> {
    const v = await viewerFor(db, bus, ctx);
    return db.inTenant(ctx, async (tx) => {
      const r = await loadAcl(tx, v, aclCacheFor(db));
      const row = await articlesRepository.byId(tx, itemId);
      if (!row) throw Errors.notFound();
      if (!hasRight(r, sectionRight(row.section)) || levelOn(r, row) < 2) throw Errors.noAccess();
      return fn(tx, row.section);
    });
  }

  const itemTags = async (tx: Tx, itemId: string) => (await articlesRepository.tagsOf(tx, [itemId])).get(itemId) ?? [];

  /** A tag of the caller's client that the caller may change (administrators, or its author). Errors: 404, 403. */
  async function ownTag(tx: Tx, ctx: RequestContext, id: string): Promise<TagRow> {
    const [t] = await tx.select().from(tags).where(eq(tags.id, id)).limit(1);
    if (!t) throw Errors.notFound();
    assertModuleOn(ctx, t.module);
    if (!isAdminRoles(ctx.roles) && t.authorId !== ctx.userId) throw Errors.noAccess();
    return t;
  }

  const nameTaken = async (tx: Tx, module: string, name: string, except?: string) => {
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.module, module), sql`lower(${tags.name}) = ${name.toLowerCase()}`));
    return rows.some((r) => r.id !== except);
  };

  return {
    /** §7 GET api/tag/{client_id}/{module}?tmpl: tags of a module (tmpl=1 template tags only, tmpl=0 the others). */
    tagList: async ({ params, query }, ctx) => {
      sameClient(ctx, params.client_id);
      assertModuleOn(ctx, params.module);
      const rows = await db.inTenant(ctx, (tx) =>
        tx
          .select()
          .from(tags)
          .where(and(eq(tags.module, params.module), query.tmpl === undefined ? undefined : eq(tags.tmpl, query.tmpl)))
          .orderBy(asc(sql`lower(${tags.name})`)),
      );
      return rows.map(toTag);
    },

    /** §7 POST api/tag {name, module, color?, tmpl?}. Template tags: administrators only. Errors: 409 'This tag already exists'. */
    tagCreate: async ({ body }, ctx) => {
      if (!ctx.clientId) throw Errors.notFound();
      assertModuleOn(ctx, body.module);
      if (body.tmpl && !isAdminRoles(ctx.roles)) throw Errors.noAccess();
      const row = await db.inTenant(ctx, async (tx) => {
        if (await nameTaken(tx, body.module, body.name)) throw Errors.conflict('name', KB_TEXT.tagExists);
        const [t] = await tx
          .insert(tags)
          .values({
            id: uuidv7(),
            clientId: ctx.clientId!,
            module: body.module,
            name: body.name,
            color: body.color ?? null,
            tmpl: !!body.tmpl,
            authorId: ctx.userId,
          })
          .returning();
        return t;
      });
      return toTag(row);
    },

    /** §7 PUT api/tags/{id}: rename, recolour (administrators or the author). Errors: 404, 403, 409. */
    tagUpdate: async ({ params, body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const t = await ownTag(tx, ctx, params.id);
        if (body.tmpl !== undefined && !isAdminRoles(ctx.roles)) throw Errors.noAccess();
        if (body.name && (await nameTaken(tx, t.module, body.name, t.id))) throw Errors.conflict('name', KB_TEXT.tagExists);
        const [row] = await tx
          .update(tags)
          .set({ name: body.name ?? t.name, color: body.color === undefined ? t.color : body.color, tmpl: body.tmpl ?? t.tmpl })
          .where(eq(tags.id, t.id))
          .returning();
        return toTag(row);
      }),

    /**
     * §7 PUT api/tag/attach/to/{model}/{item_id} {_id | name, module?}: attaches a tag, found by id or by name in
     * the module (the item's section by default; created when missing). Output: the item's tags. Errors: 404, 403.
     */
    tagAttach: async ({ params, body }, ctx) =>
      onItem(ctx, params.item_id, async (tx, section) => {
        let tagId = body._id;
        if (tagId) {
          const found = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId));
          if (!found.length) throw Errors.notFound();
        } else {
          const module = body.module ?? section;
          const [found] = await tx
            .select()
            .from(tags)
            .where(and(eq(tags.module, module), sql`lower(${tags.name}) = ${body.name!.toLowerCase()}`));
          tagId = found?.id;
          if (!tagId) {
            tagId = uuidv7();
            await tx.insert(tags).values({ id: tagId, clientId: ctx.clientId!, module, name: body.name!, authorId: ctx.userId });
          }
        }
        await tx.insert(tagLinks).values({ tagId, clientId: ctx.clientId!, model: params.model, itemId: params.item_id }).onConflictDoNothing();
        return itemTags(tx, params.item_id);
      }),

    /** §7 PUT api/tag/detach/{id}/from/{model}/{item_id}. Output: the item's tags. Errors: 404, 403. */
    tagDetach: async ({ params }, ctx) =>
      onItem(ctx, params.item_id, async (tx) => {
        await tx.delete(tagLinks).where(and(eq(tagLinks.tagId, params.id), eq(tagLinks.model, params.model), eq(tagLinks.itemId, params.item_id)));
        return itemTags(tx, params.item_id);
      }),

    /** §7 DELETE api/tag/{client_id}/{tag_id}: deletes the tag and detaches it everywhere. Errors: 404, 403. */
    tagDelete: async ({ params }, ctx) => {
      sameClient(ctx, params.client_id);
      return db.inTenant(ctx, async (tx) => {
        const t = await ownTag(tx, ctx, params.tag_id);
        await tx.delete(tags).where(eq(tags.id, t.id));
        return { deleted: true };
      });
    },
  };
}
