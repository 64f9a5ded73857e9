import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { Id } from '@intranet/platform-contracts';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, asc, eq } from 'drizzle-orm';
import { aclCacheFor, assertModuleOn, isAdminRoles, levelOn, loadAcl, viewerFor, type Viewer } from './access.ts';
import { articlesRepository } from './repository.ts';
import { linksBlocks, type LinksBlockRow, type StoredLink } from './schema.ts';

type LinkRoutes = Pick<typeof kbRoutes, 'linksBlockGet' | 'linksBlockList' | 'linksBlockToggle' | 'linkAdd' | 'linkUpdate' | 'linkDelete'>;

const toBlock = (b: LinksBlockRow) => ({
  _id: b.id,
  client_id: b.clientId,
  module: b.module,
  block_id: b.blockId,
  title: b.title,
  active: b.active,
  links: [...b.links].sort((x, y) => x.order - y.order),
  updated: b.updatedAt.toISOString(),
});

/**
 * §7 Link blocks: a block per client, module and place (`block_id`, e.g. 'main' or an article id) holding links
 * (§5 Link: title and valid URL). Administrators edit; everyone reads active blocks — a block placed on an article
 * (module kb/vacancy, block_id = article id) only for those who may read that article.
 */
export function linkHandlers({ db, bus }: DomainDeps): RouteHandlers<LinkRoutes> {
  const sameClient = (ctx: RequestContext, client: string) => {
    if (!ctx.clientId || client !== ctx.clientId) throw Errors.notFound();
  };

  /** The caller as a grants viewer, resolved before any transaction (null for administrators). */
  const viewer = (ctx: RequestContext) => (isAdminRoles(ctx.roles) ? Promise.resolve(null) : viewerFor(db, bus, ctx));

  async function readableBlocks(v: Viewer | null, tx: Tx, rows: LinksBlockRow[]): Promise<LinksBlockRow[]> {
    if (!v) return rows;
    const onArticles = rows.filter((b) => (b.module === 'kb' || b.module === 'vacancy') && Id.safeParse(b.blockId).success);
    const denied = new Set<string>();
    if (onArticles.length) {
      const r = await loadAcl(tx, v, aclCacheFor(db));
      for (const b of onArticles) {
        const a = await articlesRepository.byId(tx, b.blockId);
        if (a && levelOn(r, a) < 1) denied.add(b.id);
      }
    }
    return rows.filter((b) => b.active && !denied.has(b.id));
  }

  /** The block (404 when absent) and a change to it; bumps `updated`. */
  async function change(ctx: RequestContext, blockId: string, fn: (links: StoredLink[]) => StoredLink[]) {
    return db.inTenant(ctx, async (tx) => {
      const [b] = await tx.select().from(linksBlocks).where(eq(linksBlocks.id, blockId)).limit(1);
      if (!b) throw Errors.notFound();
      assertModuleOn(ctx, b.module);
      const [row] = await tx
        .update(linksBlocks)
        .set({ links: fn([...b.links]), updatedAt: new Date() })
        .where(eq(linksBlocks.id, b.id))
        .returning();
      return toBlock(row);
    });
  }

  return {
    /** §7 GET api/links_block/{id}. Errors: 404 (absent, hidden for non-admins, or on an article the caller may not read). */
    linksBlockGet: async ({ params }, ctx) => {
      if (!ctx.clientId) throw Errors.notFound();
      const v = await viewer(ctx);
      const row = await db.inTenant(ctx, async (tx) => {
        const rows = await tx.select().from(linksBlocks).where(eq(linksBlocks.id, params.id)).limit(1);
        return (await readableBlocks(v, tx, rows))[0];
      });
      if (!row) throw Errors.notFound();
      assertModuleOn(ctx, row.module);
      return toBlock(row);
    },

    /** §7 GET api/links_block/{client_id}/{module}: the module's blocks (hidden ones for administrators only). */
    linksBlockList: async ({ params }, ctx) => {
      sameClient(ctx, params.client_id);
      assertModuleOn(ctx, params.module);
      const v = await viewer(ctx);
      const rows = await db.inTenant(ctx, async (tx) =>
        readableBlocks(v, tx, await tx.select().from(linksBlocks).where(eq(linksBlocks.module, params.module)).orderBy(asc(linksBlocks.createdAt))),
      );
      return rows.map(toBlock);
    },

    /** §7 PUT api/links_block/toggle {module, block_id, active?, title?}: shows or hides a block (created on first use). */
    linksBlockToggle: async ({ body }, ctx) => {
      if (!ctx.clientId) throw Errors.notFound();
      assertModuleOn(ctx, body.module);
      return db.inTenant(ctx, async (tx) => {
        const [cur] = await tx
          .select()
          .from(linksBlocks)
          .where(and(eq(linksBlocks.module, body.module), eq(linksBlocks.blockId, body.block_id)))
          .limit(1);
        if (!cur) {
          const [row] = await tx
            .insert(linksBlocks)
            .values({
              id: uuidv7(),
              clientId: ctx.clientId!,
              module: body.module,
              blockId: body.block_id,
              title: body.title ?? null,
              active: body.active ?? true,
            })
            .returning();
          return toBlock(row);
        }
        const [row] = await tx
          .update(linksBlocks)
          .set({ active: body.active ?? !cur.active, title: body.title === undefined ? cur.title : body.title, updatedAt: new Date() })
          .where(eq(linksBlocks.id, cur.id))
          .returning();
        return toBlock(row);
      });
    },

    /** §7 POST api/links_block/{block_id}/link {title, url}. Errors: §5 'Field is required', 'Invalid URL'; 404. */
    linkAdd: async ({ params, body }, ctx) =>
      change(ctx, params.block_id, (links) => [
        ...links,
        { _id: uuidv7(), title: body.title, url: body.url, order: links.reduce((n, l) => Math.max(n, l.order), 0) + 1 },
      ]),

    /** §7 PUT api/links_block/{block_id}/link {_id, title, url, order?}. Errors: §5 texts; 404 (block or link). */
    linkUpdate: async ({ params, body }, ctx) =>
      change(ctx, params.block_id, (links) => {
        const i = links.findIndex((l) => l._id === body._id);
        if (i < 0) throw Errors.notFound();
        links[i] = { ...links[i], title: body.title, url: body.url, order: body.order ?? links[i].order };
        return links;
      }),

    /** §7 DELETE api/links_block/{block_id}/link/{id}. Errors: 404 (block or link). */
    linkDelete: async ({ params }, ctx) =>
      change(ctx, params.block_id, (links) => {
        if (!links.some((l) => l._id === params.id)) throw Errors.notFound();
        return links.filter((l) => l._id !== params.id);
      }),
  };
}
