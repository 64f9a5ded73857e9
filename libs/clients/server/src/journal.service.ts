import { Inject, Injectable } from '@nestjs/common';
import type { clientRoutes } from '@intranet/clients-contract';
import { journal } from '@intranet/platform-audit';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { canReadJournal, isSuperadmin } from './access.ts';
import { ClientsRepository } from './clients.repository.ts';
import { toJournalEntry } from './mapping.ts';

/** The filters of a journal read (§7 GET api/journal). */
type JournalQuery = RouteInput<typeof clientRoutes.journalList>['query'];

/**
 * The audit journal of a client (issue 18 §2, §2 admin panel tab "logs"), as its administrators and the superadmin
 * read it. The domains write it with platform-audit's `journal.add`; this service only reads.
 */
@Injectable()
export class JournalService {
  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
  ) {}

  /**
   * §7 GET api/journal/{client} (admins of the client, the superadmin): the audit journal newest first,
   * `page`/`limit`, filters section, action, actor (user id), from/to (YYYY-MM-DD, UTC days). 404 for another
   * client or an unknown one.
   */
  journal({ params, query }: RouteInput<typeof clientRoutes.journalList>, ctx: RequestContext) {
    return this.read(ctx, params.client, query);
  }

  /** §7 GET api/journal/{client}/section/{section}: as `journal`, one section. */
  journalSection({ params, query }: RouteInput<typeof clientRoutes.journalSection>, ctx: RequestContext) {
    return this.read(ctx, params.client, { ...query, section: params.section });
  }

  /** A page of entries of `clientId`, newest first. Errors: 404 for a caller who may not read it, or an unknown client. */
  private async read(ctx: RequestContext, clientId: string, q: JournalQuery) {
    if (!canReadJournal(ctx, clientId)) throw Errors.notFound();
    const { page, limit, ...filters } = q;
    const list = async (tx: Tx) => {
      if (!(await this.repo.byId(tx, clientId))) throw Errors.notFound();
      return journal.list(tx, clientId, { ...filters, offset: (page - 1) * limit, limit });
    };
    const { rows, total } = isSuperadmin(ctx)
      ? await this.db.asSystem(`superadmin ${ctx.userId}: journal of ${clientId}`, list)
      : await this.db.inTenant(ctx, list);
    return { entries: rows.map(toJournalEntry), total, page, limit };
  }
}
