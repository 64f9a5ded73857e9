import { articleIssues, KB_TEXT, type kbRoutes } from '@intranet/kb-contract';
import { journal } from '@intranet/platform-audit';
import type { RouteHandlers } from '@intranet/platform-bus';
import { V } from '@intranet/platform-contracts';
import { uuidv7 } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { hasRight, levelOn, sectionRight } from './access.ts';
import type { ArticleKit } from './article-kit.ts';
import { articleFilesRepository, articlesRepository as repo, articleTagsRepository } from './repository.ts';
import type { NewArticle } from './schema.ts';

type CommandRoutes = Pick<typeof kbRoutes, 'create' | 'update' | 'deepDelete' | 'emptyAsArticles' | 'order' | 'rights'>;

/** The write routes of kb nodes (§7 Articles, §5 Knowledge base and Vacancy, §6 Access grants): one use case each. */
export function articleCommands(kit: ArticleKit): RouteHandlers<CommandRoutes> {
  const { db, ft, run, open, presentOne, richText, setTags, replaceFiles, checkParent, addEvent, sameClient, checkReceivers, actorOf } = kit;
  return {
    /**
     * §7 POST api/article: creates an article, folder, file node or vacancy. At the root only administrators
     * create; inside a folder, whoever may write it. Content is sanitised. Errors: §5 'Field is required' (title,
     * content, section; vacancy salary and receivers), 'Parent must be a folder', 404 parent, 403 'No access',
     * file errors of add_files.
     */
    create: async ({ body: input }, ctx) => {
      const body = { ...input, type: input.type ?? 'article', section: input.section!, title: input.title! };
      await checkReceivers(ctx, body.receivers);
      return run(ctx, async (tx, r) => {
        if (!hasRight(r, sectionRight(body.section))) throw Errors.noAccess();
        const parent = body.parent ? await checkParent(tx, r, body.parent, body.section) : null;
        if (!parent && !r.admin) throw Errors.noAccess();
        const id = uuidv7();
        const grants = body.grants ?? [];
        const text = body.type === 'file' ? { content: null, bodyText: '' } : richText(body.content);
        const vacancy = body.section === 'vacancy';
        await repo.insert(tx, {
          id,
          clientId: r.clientId,
          type: body.type,
          section: body.section,
          parentId: parent?.id ?? null,
          title: body.title,
          ...text,
          sortOrder: await repo.nextOrder(tx, r.clientId, body.section, parent?.id ?? null),
          grants,
          aclId: grants.length ? id : (parent?.aclId ?? null),
          authorId: r.userId,
          salaryFrom: vacancy ? (body.salaryFrom ?? null) : null,
          salaryTo: vacancy ? (body.salaryTo ?? null) : null,
          receivers: vacancy ? [...new Set(body.receivers ?? [])] : [],
        });
        if (body.cover) await ft.attach(tx, r.clientId, id, 'cover', [body.cover], 'cover');
        if (body.file) await ft.attach(tx, r.clientId, id, 'node', [body.file], 'file');
        if (body.attachments?.length) await ft.attach(tx, r.clientId, id, 'attachment', body.attachments, 'attachments');
        if (body.files?.length) {
          if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
          await ft.attach(tx, r.clientId, id, 'file', body.files, 'files');
        }
        if (body.file || body.files?.length) await repo.refreshFileNames(tx, id);
        if (body.tags?.length) await setTags(tx, r.clientId, id, body.tags);
        const out = await presentOne(tx, r, id);
        await addEvent(tx, 'articleCreated', out.client_id, { _id: out._id, parent: out.parent, section: out.section });
        return out;
      });
    },

    /**
     * §7 PUT api/article/{id}: edits, moves (a new parent: §5 'Folder cannot move into itself' for itself or its
     * descendants), re-files or re-tags a node; writers and administrators only. Files left out of `cover`,
     * `file`, `attachments` or `files` are deleted and their storage freed. Errors: §5 field texts, 404, 403.
     */
    update: async ({ params, body }, ctx) => {
      await checkReceivers(ctx, body.receivers);
      let freed = 0;
      const updated = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        const section = body.section ?? row.section;
        if (section !== row.section && !hasRight(r, sectionRight(section))) throw Errors.noAccess();
        const type = body.type ?? row.type;
        const patch: Partial<NewArticle> = {};
        if (body.title !== undefined) patch.title = body.title;
        if (body.title !== undefined && !body.title) throw Errors.field('title', V.required);
        if (body.type !== undefined) patch.type = body.type;
        if (body.section !== undefined) patch.section = body.section;
        if (body.content !== undefined) Object.assign(patch, richText(body.content));
        if (body.salaryFrom !== undefined) patch.salaryFrom = body.salaryFrom;
        if (body.salaryTo !== undefined) patch.salaryTo = body.salaryTo;
        if (body.receivers !== undefined) patch.receivers = [...new Set(body.receivers)];
        const curFile = body.file === undefined ? await articleFilesRepository.hasNode(tx, row.id) : !!body.file;
        const issues = articleIssues({
          type,
          section,
          title: patch.title ?? row.title,
          content: patch.content !== undefined ? patch.content : row.content,
          file: curFile || undefined,
          salaryFrom: patch.salaryFrom !== undefined ? patch.salaryFrom : row.salaryFrom,
          salaryTo: patch.salaryTo !== undefined ? patch.salaryTo : row.salaryTo,
          receivers: patch.receivers ?? row.receivers,
        });
        if (issues.length) throw Errors.validation(issues);
        let moved = false;
        if (body.parent !== undefined && body.parent !== row.parentId) {
          if (body.parent) await checkParent(tx, r, body.parent, section, row.id);
          else if (!r.admin) throw Errors.noAccess();
          patch.parentId = body.parent;
          patch.sortOrder = await repo.nextOrder(tx, r.clientId, section, body.parent);
          moved = true;
        } else if (section !== row.section && row.parentId) {
          const parent = await repo.byId(tx, row.parentId);
          if (parent && parent.section !== section) throw Errors.field('parent', KB_TEXT.parentSection);
        }
        if (body.grants !== undefined) patch.grants = body.grants;
        await repo.update(tx, row.id, patch);
        if (moved || body.grants !== undefined) await repo.propagateAcl(tx, row.id);
        if (body.cover !== undefined) freed += await replaceFiles(tx, r.clientId, row.id, 'cover', body.cover ? [body.cover] : [], 'cover');
        if (body.file !== undefined) freed += await replaceFiles(tx, r.clientId, row.id, 'node', body.file ? [body.file] : [], 'file');
        if (body.attachments !== undefined) freed += await replaceFiles(tx, r.clientId, row.id, 'attachment', body.attachments, 'attachments');
        if (body.files !== undefined) {
          if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
          freed += await replaceFiles(tx, r.clientId, row.id, 'file', body.files, 'files');
        }
        if (body.file !== undefined || body.files !== undefined) await repo.refreshFileNames(tx, row.id);
        if (body.tags !== undefined) await setTags(tx, r.clientId, row.id, body.tags);
        const out = await presentOne(tx, r, row.id);
        await addEvent(tx, 'articleUpdated', out.client_id, { _id: out._id, parent: out.parent, section: out.section });
        return out;
      });
      await ft.release(updated.client_id, freed);
      return updated;
    },

    /**
     * §7 DELETE api/article/deep/{id}: deletes the node with everything under it (writers of every node, or
     * administrators) and frees its files' storage. Errors: 404, 403, 500 'Error on deleting files from db'.
     */
    deepDelete: async ({ params }, ctx) => {
      const actor = await actorOf(ctx);
      const out = await run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        const ids = await repo.subtreeIds(tx, row.id);
        if (!r.admin && (await repo.aclOf(tx, ids)).some((n) => levelOn(r, n) < 2)) throw Errors.noAccess();
        const fileRows = await articleFilesRepository.ofArticles(tx, ids);
        const bytes = await ft.remove(tx, fileRows, KB_TEXT.deleteFiles);
        await articleTagsRepository.unlinkAll(tx, ids);
        await repo.delete(tx, row.id);
        await addEvent(tx, 'articleDeleted', row.clientId, { _id: row.id, parent: row.parentId, section: row.section });
        // Issue 18 §2: a deletion is journaled with what went (counts, never content).
        await journal.add(
          tx,
          { clientId: row.clientId, actor },
          {
            section: 'kb',
            action: 'article.delete',
            object: { type: row.type, id: row.id, title: row.title },
            before: { section: row.section, parent: row.parentId, nodes: ids.length, files: fileRows.length, bytes },
          },
        );
        return { row, result: { deleted: ids.length, files: fileRows.length, bytes } };
      });
      await ft.release(out.row.clientId, out.result.bytes);
      return out.result;
    },

    /**
     * §7 PUT api/article/empty_as_articles/{client}: folders holding nothing become articles (administrators). §5: an
     * article needs content, so only empty folders that carry content convert; the others stay folders and are
     * counted as `skipped`. Output: { updated, skipped }.
     */
    emptyAsArticles: async ({ params }, ctx) => {
      sameClient(ctx, params.client);
      return db.inTenant(ctx, async (tx) => {
        const empty = await repo.emptyFolders(tx, params.client);
        const ok = empty.filter((f) => !articleIssues({ type: 'article', section: 'kb', title: 'x', content: f.content }).some((i) => i.field === 'content'));
        await repo.makeArticles(
          tx,
          ok.map((f) => f.id),
        );
        return { updated: ok.length, skipped: empty.length - ok.length };
      });
    },

    /**
     * §7 PUT api/article/{client}/order/{from}/{to}: swaps the order values of two siblings (§4: same parent and
     * section). Errors: 404, 403, 400 'Only items of the same folder can swap places'.
     */
    order: async ({ params }, ctx) => {
      sameClient(ctx, params.client);
      return run(ctx, async (tx, r) => {
        const a = (await open(tx, r, params.from, 2)).row;
        const b = (await open(tx, r, params.to, 2)).row;
        if (a.parentId !== b.parentId || a.section !== b.section) throw Errors.field('to', KB_TEXT.notSiblings);
        await repo.update(tx, a.id, { sortOrder: b.sortOrder });
        await repo.update(tx, b.id, { sortOrder: a.sortOrder });
        return [
          { _id: a.id, order: b.sortOrder },
          { _id: b.id, order: a.sortOrder },
        ];
      });
    },

    /**
     * §7 PUT api/article/{id}/rights {grants}: sets the node's own grants (§6); an empty list inherits from the
     * nearest folder with grants (or opens it to all). Writers and administrators. Errors: 404, 403, field errors.
     */
    rights: async ({ params, body }, ctx) =>
      run(ctx, async (tx, r) => {
        const { row } = await open(tx, r, params.id, 2);
        await repo.update(tx, row.id, { grants: body.grants });
        await repo.propagateAcl(tx, row.id);
        const one = await presentOne(tx, r, row.id);
        await addEvent(tx, 'articleUpdated', one.client_id, { _id: one._id, parent: one.parent, section: one.section });
        return one;
      }),
  };
}
