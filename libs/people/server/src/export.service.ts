import { Inject, Injectable } from '@nestjs/common';
import type { peopleRoutes } from '@intranet/people-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Config } from '@intranet/platform-config';
import type { Database, Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { signFileUrl, type Storage } from '@intranet/platform-storage';
import { randomUUID } from 'node:crypto';
import { structureClient } from './access.ts';
import { writeEmployeesWorkbook } from './export-workbook.ts';
import type { UserRow } from './schema.ts';
import { UsersRepository } from './users.repository.ts';

/** Lifetime of an export's download URL (seconds). */
export const EXPORT_URL_TTL = 300;
/** §8 Excel export errors (the same text as the polls' export; code pollExcelError). */
export const EXPORT_ERROR = 'Excel export failed';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type In<K extends keyof typeof peopleRoutes> = RouteInput<(typeof peopleRoutes)[K]>;

/** Employee export to Excel (§7 Users export, §8 Excel export errors): one employee or the whole client. */
@Injectable()
export class ExportService {
  private readonly secret: string;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.config) config: Config,
    private readonly users: UsersRepository,
  ) {
    if (!config.JWT_SECRET) throw new Error('people needs JWT_SECRET to sign export download URLs');
    this.secret = config.JWT_SECRET;
  }

  /**
   * §7 POST api/user/export/{id} → { url, fileName, size }: one employee (address book columns and HR fields) as
   * .xlsx in object storage, with a download URL valid EXPORT_URL_TTL seconds. Errors: 404, 500 'Excel export failed'.
   */
  async exportOne({ params }: In<'userExport'>, ctx: RequestContext) {
    const clientId = structureClient(ctx);
    const found = await this.db.inTenant({ clientId, userId: ctx.userId }, (tx) => this.users.byId(tx, params.id));
    if (!found) throw Errors.notFound();
    const users = this.users;
    return this.write(
      ctx,
      clientId,
      `employee-${params.id.slice(0, 8)}`,
      (tx) =>
        async function* () {
          const row = await users.byId(tx, params.id);
          yield row ? [row] : [];
        },
    );
  }

  /**
   * §7 POST api/user/export/all/{id} (id: the client) → { url, fileName, size }: every employee of the client but
   * deleted ones, by name, read in keyset pages of 1,000 (memory stays flat). Errors: 404 another client, 500.
   */
  async exportAll({ params }: In<'userExportAll'>, ctx: RequestContext) {
    const clientId = structureClient(ctx, params.id);
    const users = this.users;
    return this.write(
      ctx,
      clientId,
      'employees',
      (tx) =>
        async function* () {
          let after: string | null = null;
          for (;;) {
            const page = await users.exportPage(tx, clientId, after, 1000);
            if (!page.length) return;
            yield page;
            after = page.at(-1)!.id;
          }
        },
    );
  }

  /** Streams the workbook of `pages` to object storage; answers a signed URL. Errors: 500 'Excel export failed'. */
  private async write(ctx: RequestContext, clientId: string, name: string, pages: (tx: Tx) => () => AsyncIterable<UserRow[]>) {
    const day = new Date().toISOString().slice(0, 10);
    // Under the guarded `hr` kind (issue 38 §4): the signed URL alone reads nothing; the client's administrators do.
    const key = `${clientId}/hr/exports/${randomUUID()}/${name}-${day}.xlsx`;
    const size = await this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const { stream, done } = writeEmployeesWorkbook(ctx.lang, pages(tx));
      try {
        const [put] = await Promise.all([this.storage.put(key, stream, { contentType: XLSX }), done]);
        return put.size;
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw new DomainError('internal', EXPORT_ERROR);
      }
    });
    return { url: signFileUrl(this.secret, key, EXPORT_URL_TTL), fileName: key.split('/').pop()!, size };
  }
}
