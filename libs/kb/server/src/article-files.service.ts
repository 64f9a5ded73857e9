import { Injectable } from '@nestjs/common';
import { KB_TEXT, type kbRoutes } from '@intranet/kb-contract';
import { journal, type Actor } from '@intranet/platform-audit';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { hasRight } from './access.ts';
import { ArticleSupport } from './article-support.service.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { FileToolsService } from './file-tools.service.ts';
import { FilesRepository } from './files.repository.ts';
import type { ArticleRow, FileRow } from './schema.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** The attached files of kb nodes (§7 Articles add_files / del_file / del_files): storage is freed after commit. */
@Injectable()
export class ArticleFiles {
  constructor(
    private readonly viewer: ViewerService,
    private readonly kit: ArticleSupport,
    private readonly articles: ArticlesRepository,
    private readonly files: FilesRepository,
    private readonly ft: FileToolsService,
  ) {}

  /**
   * Issue 18 §2: one journal entry per deleting request, in its transaction: the file (one) or the article with the
   * deleted files' names (several). Nothing deleted: no entry.
   */
  private async journalFiles(tx: Tx, actor: Actor, article: ArticleRow, rows: FileRow[]): Promise<void> {
    if (!rows.length) return;
    const one = rows.length === 1 ? rows[0] : null;
    await journal.add(
      tx,
      { clientId: article.clientId, actor },
      {
        section: 'files',
        action: 'file.delete',
        object: one ? { type: 'file', id: one.id, title: one.fileName } : { type: article.type, id: article.id, title: article.title },
        before: { article: article.title, files: rows.map((f) => f.fileName), bytes: rows.reduce((n, f) => n + f.size + f.thumbSize, 0) },
      },
    );
  }

  /**
   * §7 PUT api/article/{id}/add_files {files}: attaches uploaded files (writers with the kb_files right, or
   * administrators). Output: the article's files. Errors: 403 'No access' (also for another client's key), 400
   * 'The file was not found or was deleted', 409 'This file is already attached'.
   */
  addFiles({ params, body }: In<'articleAddFiles'>, ctx: RequestContext) {
    return this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id, 2);
      if (!hasRight(r, 'kb_files')) throw Errors.noAccess();
      await this.ft.attach(tx, r.clientId, row.id, 'file', body.files, 'files');
      await this.articles.refreshFileNames(tx, row.id);
      return (await this.kit.presentOne(tx, r, row.id)).files;
    });
  }

  /** §7 PUT api/article/{id}/del_file/{file}: deletes one attached file. Errors: 404, 403, 500 'Error on deleting file'. */
  async delFile({ params }: In<'articleDelFile'>, ctx: RequestContext) {
    const actor = await this.kit.actorOf(ctx);
    const out = await this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id, 2);
      const rows = await this.files.attached(tx, row.id, [params.file]);
      if (!rows.length) throw Errors.notFound();
      const bytes = await this.ft.remove(tx, rows, KB_TEXT.deleteFile);
      await this.journalFiles(tx, actor, row, rows);
      await this.articles.refreshFileNames(tx, row.id);
      return { clientId: row.clientId, bytes, files: (await this.kit.presentOne(tx, r, row.id)).files };
    });
    await this.ft.release(out.clientId, out.bytes);
    return out.files;
  }

  /**
   * §7 PUT api/article/{id}/del_files {files?}: deletes the listed attached files, or all of them.
   * Errors: 404, 403, 500 'Error on deleting files from db'.
   */
  async delFiles({ params, body }: In<'articleDelFiles'>, ctx: RequestContext) {
    const actor = await this.kit.actorOf(ctx);
    const out = await this.viewer.run(ctx, async (tx, r) => {
      const { row } = await this.kit.open(tx, r, params.id, 2);
      const rows = await this.files.attached(tx, row.id, body.files);
      // Ids that name no file of this article (another client's, another article's) are refused: nothing goes.
      const unknown = (body.files ?? []).flatMap((id, i) => (rows.some((f) => f.id === id) ? [] : [`files.${i}`]));
      if (unknown.length) throw Errors.unknownIds(unknown);
      const bytes = await this.ft.remove(tx, rows, KB_TEXT.deleteFiles);
      await this.journalFiles(tx, actor, row, rows);
      await this.articles.refreshFileNames(tx, row.id);
      return { clientId: row.clientId, bytes, files: (await this.kit.presentOne(tx, r, row.id)).files };
    });
    await this.ft.release(out.clientId, out.bytes);
    return out.files;
  }
}
