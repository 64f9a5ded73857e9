import { Controller, Inject } from '@nestjs/common';
import { kbSubjects } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { queryRows, sql, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS, SubjectHandler } from '@intranet/platform-host';
import { plainText } from './sanitize.ts';

/** Rows re-derived per statement. */
const PAGE = 500;

/**
 * The kb domain's maintenance task of a workspace (issue 36: "rebuild the search index"), asked over the bus by the
 * clients service on the superadmin's behalf (kbSubjects.rebuildSearch).
 */
@Controller()
export class MaintenanceController {
  constructor(@Inject(PORTS.db) private readonly db: Database) {}

  /**
   * Derives every node's plain text (from its sanitized content) and attached file names (from kb.files) again, in
   * one transaction; the generated `search` vector and its GIN index follow. Superadmin only. → { articles, changed }.
   */
  @SubjectHandler(kbSubjects.rebuildSearch)
  rebuildSearch(input: { clientId: string }, ctx: RequestContext) {
    if (!ctx.roles.includes('superadmin')) throw Errors.forbidden();
    return this.db.asSystem(`superadmin ${ctx.userId}: rebuild the search index of ${input.clientId}`, async (tx) => {
      let articles = 0;
      const changed = new Set<string>();
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await queryRows<{ id: string; content: string | null; type: string }>(
          tx,
          sql`SELECT id, content, type FROM kb.articles WHERE client_id = ${input.clientId} AND id > ${after} ORDER BY id LIMIT ${PAGE}`,
        );
        if (!rows.length) break;
        const texts = rows.map((r) => ({ id: r.id, t: r.type === 'file' || !r.content ? '' : plainText(r.content) }));
        for (const r of await queryRows<{ id: string }>(
          tx,
          sql`UPDATE kb.articles a SET body_text = v.t FROM jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) AS v(id uuid, t text)
              WHERE a.id = v.id AND a.body_text IS DISTINCT FROM v.t RETURNING a.id`,
        ))
          changed.add(r.id);
        articles += rows.length;
        after = rows.at(-1)!.id;
      }
      for (const r of await queryRows<{ id: string }>(
        tx,
        sql`UPDATE kb.articles a SET file_names = n.names
              FROM (SELECT x.id, coalesce((SELECT string_agg(f.file_name, ' ' ORDER BY f.created_at) FROM kb.files f
                      WHERE f.article_id = x.id AND f.kind IN ('file', 'node')), '') AS names
                    FROM kb.articles x WHERE x.client_id = ${input.clientId}) n
            WHERE a.id = n.id AND a.file_names IS DISTINCT FROM n.names RETURNING a.id`,
      ))
        changed.add(r.id);
      return { articles, changed: changed.size };
    });
  }
}
