import type { FileAccessAnswer } from '@intranet/files-contract';
import type { kbRoutes, TreeNode } from '@intranet/kb-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { hasRight, levelOn, sectionRight } from './access.ts';
import type { ArticleKit } from './article-kit.ts';
import { articleFilesRepository, articleMarksRepository, articlesRepository as repo, vacancyResponsesRepository } from './repository.ts';
import type { ArticleRow } from './schema.ts';
import { searchArticles } from './search.ts';

type QueryRoutes = Pick<typeof kbRoutes, 'accessFor' | 'breadcrumbs' | 'fullTree' | 'child' | 'get'>;

const LIST_DEFAULT = 500;

/** The read routes of kb nodes (§7 Articles): lists, search, breadcrumbs, the tree, one node; and the file check. */
export function articleQueries(kit: ArticleKit): RouteHandlers<QueryRoutes> & {
  fileAccess: (input: { key: string }, ctx: RequestContext) => Promise<FileAccessAnswer>;
} {
  const { run, open, present, presentOne, sameClient, trgm } = kit;
  return {
    /**
     * kbSubjects.fileAccess {key} → {known, allowed}: asked by the gateway on every download of a kb or cv key, so
     * the grants in force now decide (§6). A key of an article, folder or file node: readers of that node with the
     * section's feature right. A CV: administrators, the vacancy's receivers and the responder. Keys kb does not
     * hold: known false (the gateway then serves only the uploader).
     */
    fileAccess: async ({ key }, ctx) => {
      if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
      return run(ctx, async (tx, r) => {
        const f = await articleFilesRepository.byKeyOrThumb(tx, key);
        if (!f) return { known: false, allowed: false };
        const row = await repo.byId(tx, f.articleId);
        if (!row) return { known: true, allowed: false };
        if (f.kind === 'cv') {
          if (r.admin || row.receivers.includes(r.userId)) return { known: true, allowed: true };
          const responder = f.responseId ? await vacancyResponsesRepository.responder(tx, f.responseId) : undefined;
          return { known: true, allowed: responder === r.userId };
        }
        return { known: true, allowed: hasRight(r, sectionRight(row.section)) && levelOn(r, row) >= 1 };
      });
    },

    /**
     * §7 GET api/user/{client}/articles/access_for/{user}: what {user} may read (an administrator may ask for anyone;
     * others only for themselves). With `search`: ranked full-text hits with snippets; with `favourites`: the
     * user's favourites; with `tags`: tagged items anywhere; with `parent`: that folder's children; else the root.
     * `section=vacancy` lists vacancies. `full` adds contents; `fields` keeps only the named fields.
     * Errors: 404 (other client, unknown user), 403 'No access' (someone else's view, feature right, denied parent).
     */
    accessFor: async ({ params, query }, ctx) => {
      sameClient(ctx, params.client);
      const section = query.section ?? 'kb';
      const trgmSchema = query.search ? await trgm() : null;
      const items = await run(
        ctx,
        async (tx, r) => {
          if (!hasRight(r, sectionRight(section))) throw Errors.noAccess();
          if (query.parent) await open(tx, r, query.parent);
          const limit = Math.min(query.limit ?? LIST_DEFAULT, 1000);
          const offset = query.offset ?? 0;
          if (query.search?.trim()) {
            const tagFilter = repo.searchTagFilter(query.tags);
            const hits = await searchArticles(tx, r, query.search, {
              section,
              tagFilter,
              parent: query.parent,
              limit: Math.min(query.limit ?? 50, 200),
              offset,
              trgm: trgmSchema,
            });
            return present(tx, r, hits);
          }
          const where = repo.accessForWhere(section, { favouritesOf: query.favourites ? r.userId : undefined, parent: query.parent, tags: query.tags });
          return present(tx, r, await repo.list(tx, r, where, { full: query.full, limit, offset }));
        },
        params.user,
      );
      if (!query.fields?.length) return items;
      const keep = new Set(['_id', ...query.fields]);
      return items.map((a) => Object.fromEntries(Object.entries(a).filter(([k]) => keep.has(k))) as typeof a);
    },

    /**
     * §7 GET api/article/breadcrumbs/{id}: the path from the root. Ancestors the caller may not read give neither id
     * nor title: each run of them collapses into one `{ _id: null, title: null, access: false }` step.
     * Errors: 404, 403 'No access' on the article itself.
     */
    breadcrumbs: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        await open(tx, r, params.id);
        const out: { _id: string | null; title: string | null; type: ArticleRow['type']; access: boolean }[] = [];
        for (const a of await repo.ancestors(tx, params.id)) {
          if (levelOn(r, a) >= 1) out.push({ _id: a.id, title: a.title, type: a.type, access: true });
          else if (out.at(-1)?.access !== false) out.push({ _id: null, title: null, type: 'folder', access: false });
        }
        return out;
      }),

    /**
     * §7 GET api/article/full_tree/{id}: the readable tree under folder {id}, or the client's whole tree when {id}
     * is the client id (`section`, default kb; `folders=1` for folders only). Siblings come in their order; nodes
     * are slim (see TreeNode). A node the caller may not read is left out with everything under it.
     * Errors: 404, 403 'No access'.
     */
    fullTree: async ({ params, query }, ctx) =>
      run(ctx, async (tx, r) => {
        let root: string | null = null;
        let section = query.section ?? 'kb';
        if (params.id !== ctx.clientId) {
          const { row } = await open(tx, r, params.id);
          root = row.id;
          section = row.section;
        } else if (!hasRight(r, sectionRight(section))) throw Errors.noAccess();
        const rows = await repo.treeRows(tx, r, section, !!query.folders);
        const favs = await articleMarksRepository.favouriteNodes(tx, r.userId);
        const kids = new Map<string | null, typeof rows>();
        for (const row of rows) {
          const list = kids.get(row.parentId);
          if (list) list.push(row);
          else kids.set(row.parentId, [row]);
        }
        const build = (parent: string | null, depth: number): TreeNode[] =>
          depth > 200
            ? []
            : (kids.get(parent) ?? []).map((n) => {
                const node: TreeNode = { _id: n.id, title: n.title, type: n.type };
                if (favs.has(n.id)) node.favourite = true;
                if (n.aclId !== null) node.restricted = true;
                const children = build(n.id, depth + 1);
                if (children.length) node.children = children;
                return node;
              });
        return build(root, 0);
      }),

    /** §7 GET api/article/child/{id}: readable children of a folder. Errors: 404, 403 'No access'. */
    child: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id);
        return present(tx, r, await repo.list(tx, r, repo.childrenOf(row.id), { limit: 1000, offset: 0 }));
      }),

    /** §7 GET api/article/{id}: one node with its content and signed file URLs. Errors: 404, 403 'No access'. */
    get: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        await open(tx, r, params.id);
        return presentOne(tx, r, params.id);
      }),
  };
}
