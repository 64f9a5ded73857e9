import { Inject, Injectable } from '@nestjs/common';
import { articleIssues, KB_ERRORS, KB_TEXT, type kbRoutes } from '@intranet/kb-contract';
import { journal } from '@intranet/platform-audit';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import { type RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { assertSameClient, hasRight, levelOn, sectionRight } from './access.ts';
import { ArticleSupport } from './article-support.service.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { FileToolsService } from './file-tools.service.ts';
import { FilesRepository } from './files.repository.ts';
import type { NewArticle } from './schema.ts';
import { TagsRepository } from './tags.repository.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** The write use cases of kb nodes (§7 Articles, §5 Knowledge base and Vacancy, §6 Access grants): one method each. */
@Injectable()
export class ArticleCommands {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly viewer: ViewerService,
    private readonly kit: ArticleSupport,
    private readonly articles: ArticlesRepository,
    private readonly files: FilesRepository,
    private readonly tags: TagsRepository,
    private readonly ft: FileToolsService,
  ) {}

  /**
   * §7 POST api/article: creates an article, folder, file node or vacancy. At the root only administrators
   * create; inside a folder, whoever may write it. Content is sanitised. Errors: §5 'Field is required' (title,
   * content, section; vacancy salary and receivers), 'Parent must be a folder', 404 parent, 403 'No access',
   * file errors of add_files.
   */
  async create({ body: input }: In<'articleCreate'>, ctx: RequestContext) {
    const body = { ...input, type: input.type ?? 'article', section: input.section!, title: input.title! };
    await this.kit.checkReceivers(ctx, body.receivers);
    await this.kit.checkGrants(ctx, body.grants);
    return this.viewer.run(ctx, async (tx, r) => {
      if (!hasRight(r, sectionRight(body.section))) throw Errors.noAccess();
      const parent = body.parent ? await this.kit.checkParent(tx, r, body.parent, body.section) : null;
      if (!parent && !r.admin) throw Errors.noAccess();
      const id = uuidv7();
      const grants = body.grants ?? [];
      const text = body.type === 'file' ? { content: null, bodyText: '' } : this.kit.richText(body.content);
      const vacancy = body.section === 'vacancy';
      await this.articles.insert(tx, {
        id,
        clientId: r.clientId,
        type: body.type,
        section: body.section,
        parentId: parent?.id ?? null,
        title: body.title,
        ...text,
        sortOrder: await this.articles.nextOrder(tx, r.clientId, body.section, parent?.id ?? null),
        grants,
        aclId: grants.length ? id : (parent?.aclId ?? null),
        authorId: r.userId,
        salaryFrom: vacancy ? (body.salaryFrom ?? null) : null,
        salaryTo: vacancy ? (body.salaryTo ?? null) : null,
        receivers: vacancy ? [...new Set(body.receivers ?? [])] : [],
      });
      if (body.cover) await this.ft.attach(tx, r.clientId, id, 'cover', [body.cover], 'cover');
      if (body.file) await this.ft.attach(tx, r.clientId, id, 'node', [body.file], 'file');
      if (body.attachments?.length) await this.ft.attach(tx, r.clientId, id, 'attachment', body.attachments, 'attachments');
      if (body.files?.length) {
        if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
        await this.ft.attach(tx, r.clientId, id, 'file', body.files, 'files');
      }
      if (body.file || body.files?.length) await this.articles.refreshFileNames(tx, id);
      if (body.tags?.length) await this.kit.setTags(tx, r.clientId, id, body.tags);
      const out = await this.kit.presentOne(tx, r, id);
      await this.kit.addEvent(tx, 'articleCreated', out.client_id, { _id: out._id, parent: out.parent, section: out.section });
      return out;
    });
  }

  /**
   * §7 PUT api/article/{id}: edits, moves (a new parent: §5 'Folder cannot move into itself' for itself or its
   * descendants), re-files or re-tags a node; writers and administrators only. Files left out of `cover`,
   * `file`, `attachments` or `files` are deleted and their storage freed. Errors: §5 field texts, 404, 403.
   */
  async update({ params, body }: In<'articleUpdate'>, ctx: RequestContext) {
    await this.kit.checkReceivers(ctx, body.receivers);
    await this.kit.checkGrants(ctx, body.grants);
    let freed = 0;
    const updated = await this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id, 2);
      const section = body.section ?? row.section;
      if (section !== row.section && !hasRight(r, sectionRight(section))) throw Errors.noAccess();
      const type = body.type ?? row.type;
      const patch: Partial<NewArticle> = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.title !== undefined && !body.title) throw Errors.fieldCoded('title', GENERIC.required);
      if (body.type !== undefined) patch.type = body.type;
      if (body.section !== undefined) patch.section = body.section;
      if (body.content !== undefined) Object.assign(patch, this.kit.richText(body.content));
      if (body.salaryFrom !== undefined) patch.salaryFrom = body.salaryFrom;
      if (body.salaryTo !== undefined) patch.salaryTo = body.salaryTo;
      if (body.receivers !== undefined) patch.receivers = [...new Set(body.receivers)];
      const curFile = body.file === undefined ? await this.files.hasNode(tx, row.id) : !!body.file;
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
        if (body.parent) await this.kit.checkParent(tx, r, body.parent, section, row.id);
        else if (!r.admin) throw Errors.noAccess();
        patch.parentId = body.parent;
        patch.sortOrder = await this.articles.nextOrder(tx, r.clientId, section, body.parent);
        moved = true;
      } else if (section !== row.section && row.parentId) {
        const parent = await this.articles.byId(tx, row.parentId);
        if (parent && parent.section !== section) throw Errors.fieldCoded('parent', KB_ERRORS.parentSection);
      }
      if (body.grants !== undefined) patch.grants = body.grants;
      await this.articles.update(tx, row.id, patch);
      if (moved || body.grants !== undefined) await this.articles.propagateAcl(tx, row.id);
      if (body.cover !== undefined) freed += await this.kit.replaceFiles(tx, r.clientId, row.id, 'cover', body.cover ? [body.cover] : [], 'cover');
      if (body.file !== undefined) freed += await this.kit.replaceFiles(tx, r.clientId, row.id, 'node', body.file ? [body.file] : [], 'file');
      if (body.attachments !== undefined) freed += await this.kit.replaceFiles(tx, r.clientId, row.id, 'attachment', body.attachments, 'attachments');
      if (body.files !== undefined) {
        if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
        freed += await this.kit.replaceFiles(tx, r.clientId, row.id, 'file', body.files, 'files');
      }
      if (body.file !== undefined || body.files !== undefined) await this.articles.refreshFileNames(tx, row.id);
      if (body.tags !== undefined) await this.kit.setTags(tx, r.clientId, row.id, body.tags);
      const out = await this.kit.presentOne(tx, r, row.id);
      await this.kit.addEvent(tx, 'articleUpdated', out.client_id, { _id: out._id, parent: out.parent, section: out.section });
      return out;
    });
    await this.ft.release(updated.client_id, freed);
    return updated;
  }

  /**
   * §7 DELETE api/article/deep/{id}: deletes the node with everything under it (writers of every node, or
   * administrators) and frees its files' storage. Errors: 404, 403, 500 'Error on deleting files from db'.
   */
  async deepDelete({ params }: In<'articleDeepDelete'>, ctx: RequestContext) {
    const actor = await this.kit.actorOf(ctx);
    const out = await this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id, 2);
      const ids = await this.articles.subtreeIds(tx, row.id);
      if (!r.admin && (await this.articles.aclOf(tx, ids)).some((n) => levelOn(r, n) < 2)) throw Errors.noAccess();
      const fileRows = await this.files.ofArticles(tx, ids);
      const bytes = await this.ft.remove(tx, fileRows, KB_TEXT.deleteFiles);
      await this.tags.unlinkAll(tx, ids);
      await this.articles.delete(tx, row.id);
      await this.kit.addEvent(tx, 'articleDeleted', row.clientId, { _id: row.id, parent: row.parentId, section: row.section });
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
    await this.ft.release(out.row.clientId, out.result.bytes);
    return out.result;
  }

  /**
   * §7 PUT api/article/empty_as_articles/{client}: folders holding nothing become articles (administrators). §5: an
   * article needs content, so only empty folders that carry content convert; the others stay folders and are
   * counted as `skipped`. Output: { updated, skipped }.
   */
  async emptyAsArticles({ params }: In<'articleEmptyAsArticles'>, ctx: RequestContext) {
    assertSameClient(requireCaller(ctx), params.client);
    return this.db.inTenant(ctx, async (tx) => {
      const empty = await this.articles.emptyFolders(tx, params.client);
      const ok = empty.filter((f) => !articleIssues({ type: 'article', section: 'kb', title: 'x', content: f.content }).some((i) => i.field === 'content'));
      await this.articles.makeArticles(
        tx,
        ok.map((f) => f.id),
      );
      return { updated: ok.length, skipped: empty.length - ok.length };
    });
  }

  /**
   * §7 PUT api/article/{client}/order/{from}/{to}: swaps the order values of two siblings (§4: same parent and
   * section). Errors: 404, 403, 400 'Only items of the same folder can swap places'.
   */
  async order({ params }: In<'articleOrder'>, ctx: RequestContext) {
    assertSameClient(requireCaller(ctx), params.client);
    return this.viewer.run(ctx, async (tx, r) => {
      const a = (await this.kit.open(tx, r, params.from, 2)).row;
      const b = (await this.kit.open(tx, r, params.to, 2)).row;
      if (a.parentId !== b.parentId || a.section !== b.section) throw Errors.fieldCoded('to', KB_ERRORS.notSiblings);
      await this.articles.update(tx, a.id, { sortOrder: b.sortOrder });
      await this.articles.update(tx, b.id, { sortOrder: a.sortOrder });
      return [
        { _id: a.id, order: b.sortOrder },
        { _id: b.id, order: a.sortOrder },
      ];
    });
  }

  /**
   * §7 PUT api/article/{id}/rights {grants}: sets the node's own grants (§6); an empty list inherits from the
   * nearest folder with grants (or opens it to all). Writers and administrators. Errors: 404, 403, field errors
   * ('Invalid id' on a grant naming someone who is no employee of the client, issue 38 §6).
   */
  async rights({ params, body }: In<'articleRights'>, ctx: RequestContext) {
    await this.kit.checkGrants(ctx, body.grants);
    return this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id, 2);
      await this.articles.update(tx, row.id, { grants: body.grants });
      await this.articles.propagateAcl(tx, row.id);
      const one = await this.kit.presentOne(tx, r, row.id);
      await this.kit.addEvent(tx, 'articleUpdated', one.client_id, { _id: one._id, parent: one.parent, section: one.section });
      return one;
    });
  }
}
