import { Inject, Injectable } from '@nestjs/common';
import { KB_ERRORS, type kbRoutes } from '@intranet/kb-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { assertModuleOn, assertSameClient, mayChangeTag } from './access.ts';
import { ArticleSupport } from './article-support.service.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { toTag } from './mapping.ts';
import type { TagRow } from './schema.ts';
import { TagsRepository } from './tags.repository.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** §7 Tags: per-module tags of a client, attached to kb articles (model 'article'). */
@Injectable()
export class TagsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly viewer: ViewerService,
    private readonly kit: ArticleSupport,
    private readonly articles: ArticlesRepository,
    private readonly tags: TagsRepository,
  ) {}

  /** Runs `fn` on an article the caller may write (tags change what others find). Errors: 404, 403 'No access'. */
  private onItem<T>(ctx: RequestContext, itemId: string, fn: (tx: Tx, section: string, caller: Caller) => Promise<T>): Promise<T> {
    const caller = requireCaller(ctx);
    return this.viewer.run(ctx, async (tx, r) => fn(tx, (await this.kit.open(tx, r, itemId, 2)).row.section, caller));
  }

  private async itemTags(tx: Tx, itemId: string) {
    return (await this.articles.tagsOf(tx, [itemId])).get(itemId) ?? [];
  }

  /** A tag of the caller's client that the caller may change (administrators, or its author). Errors: 404, 403. */
  private async ownTag(tx: Tx, ctx: RequestContext, caller: Caller, id: string): Promise<TagRow> {
    const t = await this.tags.byId(tx, id);
    if (!t) throw Errors.notFound();
    assertModuleOn(ctx, t.module);
    if (!mayChangeTag(caller, t)) throw Errors.noAccess();
    return t;
  }

  /** §7 GET api/tag/{client_id}/{module}?tmpl: tags of a module (tmpl=1 template tags only, tmpl=0 the others). */
  async tagList({ params, query }: In<'tagList'>, ctx: RequestContext) {
    assertSameClient(requireCaller(ctx), params.client_id);
    assertModuleOn(ctx, params.module);
    const rows = await this.db.inTenant(ctx, (tx) => this.tags.list(tx, params.module, query.tmpl));
    return rows.map(toTag);
  }

  /** §7 POST api/tag {name, module, color?, tmpl?}. Template tags: administrators only. Errors: 409 'This tag already exists'. */
  async tagCreate({ body }: In<'tagCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    assertModuleOn(ctx, body.module);
    if (body.tmpl && !caller.admin) throw Errors.noAccess();
    const row = await this.db.inTenant(ctx, async (tx) => {
      if (await this.tags.nameTaken(tx, body.module, body.name)) throw Errors.conflictCoded('name', KB_ERRORS.tagExists);
      return this.tags.insert(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        module: body.module,
        name: body.name,
        color: body.color ?? null,
        tmpl: !!body.tmpl,
        authorId: caller.userId,
      });
    });
    return toTag(row);
  }

  /** §7 PUT api/tags/{id}: rename, recolour (administrators or the author). Errors: 404, 403, 409. */
  tagUpdate({ params, body }: In<'tagUpdate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.ownTag(tx, ctx, caller, params.id);
      if (body.tmpl !== undefined && !caller.admin) throw Errors.noAccess();
      if (body.name && (await this.tags.nameTaken(tx, t.module, body.name, t.id))) throw Errors.conflictCoded('name', KB_ERRORS.tagExists);
      const row = await this.tags.update(tx, t.id, {
        name: body.name ?? t.name,
        color: body.color === undefined ? t.color : body.color,
        tmpl: body.tmpl ?? t.tmpl,
      });
      return toTag(row);
    });
  }

  /**
   * §7 PUT api/tag/attach/to/{model}/{item_id} {_id | name, module?}: attaches a tag, found by id or by name in
   * the module (the item's section by default; created when missing). Output: the item's tags. Errors: 404, 403.
   */
  tagAttach({ params, body }: In<'tagAttach'>, ctx: RequestContext) {
    return this.onItem(ctx, params.item_id, async (tx, section, caller) => {
      let tagId = body._id;
      if (tagId) {
        if (!(await this.tags.byId(tx, tagId))) throw Errors.notFound();
      } else {
        const module = body.module ?? section;
        tagId = (await this.tags.byName(tx, module, body.name!))?.id;
        if (!tagId) {
          tagId = uuidv7();
          await this.tags.insert(tx, { id: tagId, clientId: caller.clientId, module, name: body.name!, authorId: caller.userId });
        }
      }
      await this.tags.link(tx, { tagId, clientId: caller.clientId, model: params.model, itemId: params.item_id });
      return this.itemTags(tx, params.item_id);
    });
  }

  /** §7 PUT api/tag/detach/{id}/from/{model}/{item_id}. Output: the item's tags. Errors: 404, 403. */
  tagDetach({ params }: In<'tagDetach'>, ctx: RequestContext) {
    return this.onItem(ctx, params.item_id, async (tx) => {
      await this.tags.unlink(tx, params.id, params.model, params.item_id);
      return this.itemTags(tx, params.item_id);
    });
  }

  /** §7 DELETE api/tag/{client_id}/{tag_id}: deletes the tag and detaches it everywhere. Errors: 404, 403. */
  tagDelete({ params }: In<'tagDelete'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    assertSameClient(caller, params.client_id);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.ownTag(tx, ctx, caller, params.tag_id);
      await this.tags.delete(tx, t.id);
      return { deleted: true };
    });
  }
}
