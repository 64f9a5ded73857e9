import { Inject, Injectable } from '@nestjs/common';
import type { kbRoutes } from '@intranet/kb-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import { Id, type RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { assertModuleOn, assertSameClient, levelOn, type Viewer } from './access.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { LinksRepository } from './links.repository.ts';
import { toBlock } from './mapping.ts';
import type { LinksBlockRow, StoredLink } from './schema.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** Whether a block is placed on an article (module kb/vacancy, block_id an article id): its readers decide. */
const onArticle = (b: LinksBlockRow) => (b.module === 'kb' || b.module === 'vacancy') && Id.safeParse(b.blockId).success;

/**
 * §7 Link blocks: a block per client, module and place (`block_id`, e.g. 'main' or an article id) holding links
 * (§5 Link: title and valid URL). Administrators edit; everyone reads active blocks — a block placed on an article
 * (module kb/vacancy, block_id = article id) only for those who may read that article.
 */
@Injectable()
export class LinksService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly viewer: ViewerService,
    private readonly articles: ArticlesRepository,
    private readonly links: LinksRepository,
  ) {}

  /** The caller as a grants viewer, resolved before any transaction (null for administrators: they see all). */
  private viewerOf(ctx: RequestContext): Promise<Viewer | null> {
    return requireCaller(ctx).admin ? Promise.resolve(null) : this.viewer.viewerFor(ctx);
  }

  /** The blocks a viewer may see: active ones, and of those on articles only the readable. Admins (null): all. */
  private async readable(v: Viewer | null, tx: Tx, rows: LinksBlockRow[]): Promise<LinksBlockRow[]> {
    if (!v) return rows;
    const denied = new Set<string>();
    const placed = rows.filter(onArticle);
    if (placed.length) {
      const r = await this.viewer.readerOf(tx, v);
      for (const b of placed) {
        const a = await this.articles.byId(tx, b.blockId);
        if (a && levelOn(r, a) < 1) denied.add(b.id);
      }
    }
    return rows.filter((b) => b.active && !denied.has(b.id));
  }

  /** The block (404 when absent) and a change to its links; bumps `updated`. */
  private change(ctx: RequestContext, blockId: string, fn: (links: StoredLink[]) => StoredLink[]) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const b = await this.links.byId(tx, blockId);
      if (!b) throw Errors.notFound();
      assertModuleOn(ctx, b.module);
      return toBlock(await this.links.update(tx, b.id, { links: fn([...b.links]) }));
    });
  }

  /** §7 GET api/links_block/{id}. Errors: 404 (absent, hidden for non-admins, or on an article the caller may not read). */
  async linksBlockGet({ params }: In<'linksGet'>, ctx: RequestContext) {
    const v = await this.viewerOf(ctx);
    const row = await this.db.inTenant(ctx, async (tx) => {
      const b = await this.links.byId(tx, params.id);
      return (await this.readable(v, tx, b ? [b] : []))[0];
    });
    if (!row) throw Errors.notFound();
    assertModuleOn(ctx, row.module);
    return toBlock(row);
  }

  /** §7 GET api/links_block/{client_id}/{module}: the module's blocks (hidden ones for administrators only). */
  async linksBlockList({ params }: In<'linksList'>, ctx: RequestContext) {
    assertSameClient(requireCaller(ctx), params.client_id);
    assertModuleOn(ctx, params.module);
    const v = await this.viewerOf(ctx);
    const rows = await this.db.inTenant(ctx, async (tx) => this.readable(v, tx, await this.links.ofModule(tx, params.module)));
    return rows.map(toBlock);
  }

  /** §7 PUT api/links_block/toggle {module, block_id, active?, title?}: shows or hides a block (created on first use). */
  linksBlockToggle({ body }: In<'linksToggle'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    assertModuleOn(ctx, body.module);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.links.byPlace(tx, body.module, body.block_id);
      if (!cur) {
        const row = await this.links.insert(tx, {
          id: uuidv7(),
          clientId: caller.clientId,
          module: body.module,
          blockId: body.block_id,
          title: body.title ?? null,
          active: body.active ?? true,
        });
        return toBlock(row);
      }
      const row = await this.links.update(tx, cur.id, { active: body.active ?? !cur.active, title: body.title === undefined ? cur.title : body.title });
      return toBlock(row);
    });
  }

  /** §7 POST api/links_block/{block_id}/link {title, url}. Errors: §5 'Field is required', 'Invalid URL'; 404. */
  linkAdd({ params, body }: In<'linksAdd'>, ctx: RequestContext) {
    return this.change(ctx, params.block_id, (links) => [
      ...links,
      { _id: uuidv7(), title: body.title, url: body.url, order: links.reduce((n, l) => Math.max(n, l.order), 0) + 1 },
    ]);
  }

  /** §7 PUT api/links_block/{block_id}/link {_id, title, url, order?}. Errors: §5 texts; 404 (block or link). */
  linkUpdate({ params, body }: In<'linksUpdate'>, ctx: RequestContext) {
    return this.change(ctx, params.block_id, (links) => {
      const i = links.findIndex((l) => l._id === body._id);
      if (i < 0) throw Errors.notFound();
      links[i] = { ...links[i], title: body.title, url: body.url, order: body.order ?? links[i].order };
      return links;
    });
  }

  /** §7 DELETE api/links_block/{block_id}/link/{id}. Errors: 404 (block or link). */
  linkDelete({ params }: In<'linksDelete'>, ctx: RequestContext) {
    return this.change(ctx, params.block_id, (links) => {
      if (!links.some((l) => l._id === params.id)) throw Errors.notFound();
      return links.filter((l) => l._id !== params.id);
    });
  }
}
