import { ask, type Bus, type RequestContext } from '@intranet/platform-bus';
import { tenantSubjects } from '@intranet/platform-contracts';

/**
 * The pages of one domain table of a client (issue 36): `tenant.<domain>.export` asked page by page, each after the
 * last row's key (a keyset page; by offset for a table without a key), until the end. Yields each page's NDJSON (one
 * JSON row a line, ordered by primary key; never empty). Bus errors propagate.
 */
export async function* exportPages(
  bus: Bus,
  ctx: RequestContext,
  q: { domain: string; clientId: string; table: string; limit: number },
  opts?: { timeoutMs: number },
): AsyncGenerator<string> {
  const subject = tenantSubjects(q.domain).export;
  let offset: number | null = 0;
  let after: string[] | undefined;
  while (offset !== null) {
    const page: { ndjson: string; next: number | null; after?: string[] | null } = await ask(
      bus,
      subject,
      ctx,
      { clientId: q.clientId, table: q.table, offset, limit: q.limit, ...(after ? { after } : {}) },
      opts,
    );
    if (page.ndjson) yield page.ndjson;
    offset = page.next;
    after = page.after ?? undefined;
  }
}
