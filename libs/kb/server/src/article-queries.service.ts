import { Injectable } from '@nestjs/common';
import type { FileAccessAnswer } from '@intranet/files-contract';
import type { kbRoutes, TreeNode } from '@intranet/kb-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';
import { assertSameClient, hasRight, levelOn, mayOpen, mayReadCv, sectionRight } from './access.ts';
import { ArticleSupport } from './article-support.service.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { FilesRepository } from './files.repository.ts';
import { buildTree } from './mapping.ts';
import { MarksRepository } from './marks.repository.ts';
import type { ArticleRow } from './schema.ts';
import { SearchRepository } from './search.repository.ts';
import { VacancyResponsesRepository } from './vacancies.repository.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

const LIST_DEFAULT = 500;

/** The read use cases of kb nodes (§7 Articles): lists, search, breadcrumbs, the tree, one node; and the file check. */
@Injectable()
export class ArticleQueries {
  constructor(
    private readonly viewer: ViewerService,
    private readonly kit: ArticleSupport,
    private readonly articles: ArticlesRepository,
    private readonly files: FilesRepository,
    private readonly marks: MarksRepository,
    private readonly responses: VacancyResponsesRepository,
    private readonly searchRepo: SearchRepository,
  ) {}

  /**
   * kbSubjects.fileAccess {key} → {known, allowed}: asked by the gateway on every download of a kb or cv key, so
   * the grants in force now decide (§6). A key of an article, folder or file node: readers of that node with the
   * section's feature right. A CV: administrators, the vacancy's receivers and the responder. Keys kb does not
   * hold, or a context without a user: known false (the gateway then serves only the uploader).
   */
  async fileAccess({ key }: { key: string }, ctx: RequestContext): Promise<FileAccessAnswer> {
    if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
    return this.viewer.run(ctx, async (tx, r) => {
      const f = await this.files.byKeyOrThumb(tx, key);
      if (!f) return { known: false, allowed: false };
      const row = await this.articles.byId(tx, f.articleId);
      if (!row) return { known: true, allowed: false };
      if (f.kind === 'cv') {
        if (mayReadCv(r, row, undefined)) return { known: true, allowed: true };
        const responder = f.responseId ? await this.responses.responder(tx, f.responseId) : undefined;
        return { known: true, allowed: mayReadCv(r, row, responder) };
      }
      return { known: true, allowed: mayOpen(r, row, 1) };
    });
  }

  /**
   * §7 GET api/user/{client}/articles/access_for/{user}: what {user} may read (an administrator may ask for anyone;
   * others only for themselves). With `search`: ranked full-text hits with snippets; with `favourites`: the
   * user's favourites; with `tags`: tagged items anywhere; with `parent`: that folder's children; else the root.
   * `section=vacancy` lists vacancies. `full` adds contents; `fields` keeps only the named fields.
   * Errors: 404 (other client, unknown user), 403 'No access' (someone else's view, feature right, denied parent).
   */
  async accessFor({ params, query }: In<'articleAccessFor'>, ctx: RequestContext) {
    assertSameClient(requireCaller(ctx), params.client);
    const section = query.section ?? 'kb';
    const trgm = query.search ? await this.searchRepo.trigramSchema() : null;
    const items = await this.viewer.run(
      ctx,
      async (tx, r) => {
        if (!hasRight(r, sectionRight(section))) throw Errors.noAccess();
        if (query.parent) await this.kit.open(tx, r, query.parent);
        const limit = Math.min(query.limit ?? LIST_DEFAULT, 1000);
        const offset = query.offset ?? 0;
        if (query.search?.trim()) {
          const hits = await this.searchRepo.search(tx, r, query.search, {
            section,
            tags: query.tags,
            parent: query.parent,
            limit: Math.min(query.limit ?? 50, 200),
            offset,
            trgm,
          });
          return this.kit.present(tx, r, hits);
        }
        const favouritesOf = query.favourites ? r.userId : undefined;
        const rows = await this.articles.accessForList(
          tx,
          r,
          section,
          { favouritesOf, parent: query.parent, tags: query.tags },
          { full: query.full, limit, offset },
        );
        return this.kit.present(tx, r, rows);
      },
      params.user,
    );
    if (!query.fields?.length) return items;
    const keep = new Set(['_id', ...query.fields]);
    return items.map((a) => Object.fromEntries(Object.entries(a).filter(([k]) => keep.has(k))) as typeof a);
  }

  /**
   * §7 GET api/article/breadcrumbs/{id}: the path from the root. Ancestors the caller may not read give neither id
   * nor title: each run of them collapses into one `{ _id: null, title: null, access: false }` step.
   * Errors: 404, 403 'No access' on the article itself.
   */
  breadcrumbs({ params }: In<'articleBreadcrumbs'>, ctx: RequestContext) {
    return this.viewer.run(ctx, async (tx, r) => {
      await this.kit.open(tx, r, params.id);
      const out: { _id: string | null; title: string | null; type: ArticleRow['type']; access: boolean }[] = [];
      for (const a of await this.articles.ancestors(tx, params.id)) {
        if (levelOn(r, a) >= 1) out.push({ _id: a.id, title: a.title, type: a.type, access: true });
        else if (out.at(-1)?.access !== false) out.push({ _id: null, title: null, type: 'folder', access: false });
      }
      return out;
    });
  }

  /**
   * §7 GET api/article/full_tree/{id}: the readable tree under folder {id}, or the client's whole tree when {id}
   * is the client id (`section`, default kb; `folders=1` for folders only). Siblings come in their order; nodes
   * are slim (see TreeNode). A node the caller may not read is left out with everything under it.
   * Errors: 404, 403 'No access'.
   */
  fullTree({ params, query }: In<'articleFullTree'>, ctx: RequestContext): Promise<TreeNode[]> {
    return this.viewer.run(ctx, async (tx, r) => {
      let root: string | null = null;
      let section = query.section ?? 'kb';
      if (params.id !== ctx.clientId) {
        const { row } = await this.kit.open(tx, r, params.id);
        root = row.id;
        section = row.section;
      } else if (!hasRight(r, sectionRight(section))) throw Errors.noAccess();
      const rows = await this.articles.treeRows(tx, r, section, !!query.folders);
      return buildTree(rows, root, await this.marks.favouriteNodes(tx, r.userId));
    });
  }

  /** §7 GET api/article/child/{id}: readable children of a folder. Errors: 404, 403 'No access'. */
  child({ params }: In<'articleChild'>, ctx: RequestContext) {
    return this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id);
      return this.kit.present(tx, r, await this.articles.children(tx, r, row.id));
    });
  }

  /** §7 GET api/article/{id}: one node with its content and signed file URLs. Errors: 404, 403 'No access'. */
  get({ params }: In<'articleGet'>, ctx: RequestContext) {
    return this.viewer.run(ctx, async (tx, r) => {
      await this.kit.open(tx, r, params.id);
      return this.kit.presentOne(tx, r, params.id);
    });
  }
}
