import { peopleRoutes } from '@intranet/people-contract';
import { EMPLOYEE_EXPORT_FIELDS, HR_FIELD_LABELS } from '@intranet/people-contract/hr';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { safeCell } from '@intranet/platform-contracts';
import type { DomainDeps } from '@intranet/platform-host';
import { signFileUrl } from '@intranet/platform-storage';
import { and, asc, eq, gt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { isSuper } from './mapping.ts';
import { users, type UserRow } from './schema.ts';

type ExportRoutes = Pick<typeof peopleRoutes, 'exportOne' | 'exportAll'>;

/** Lifetime of an export's download URL (seconds). */
export const EXPORT_URL_TTL = 300;
/** §8 Excel export errors (the same text as the polls' export; code pollExcelError). */
export const EXPORT_ERROR = 'Excel export failed';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column keys and headers: one table with the "company data" tab (@intranet/people-contract/hr), plus the sheet name. */
const COLUMNS = EMPLOYEE_EXPORT_FIELDS;
const HEADERS = {
  en: { ...HR_FIELD_LABELS.en, sheet: 'Employees' },
  ru: { ...HR_FIELD_LABELS.ru, sheet: 'Сотрудники' },
  uk: { ...HR_FIELD_LABELS.uk, sheet: 'Співробітники' },
};
/** The export's column headers in a user's language (ru, uk, en; 'ua' is Ukrainian; else en). */
export const exportHeaders = (lang: string) => HEADERS[(lang === 'ua' ? 'uk' : lang) as keyof typeof HEADERS] ?? HEADERS.en;

/**
 * Writes the employees workbook with exceljs's streaming writer (rows committed as written: memory stays flat) into
 * the returned stream; `pages` yields the rows in pages. `done` settles once the workbook is complete.
 */
export function writeEmployeesWorkbook(lang: string, pages: () => AsyncIterable<UserRow[]>): { stream: PassThrough; done: Promise<void> } {
  const stream = new PassThrough();
  const h = exportHeaders(lang);
  const done = (async () => {
    // Loaded on the first export, not at start-up: exceljs is a large module graph every process would load.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(h.sheet);
    ws.columns = COLUMNS.map((key) => ({ header: h[key], key, width: key === 'email' ? 30 : 18 }));
    ws.getRow(1).font = { bold: true };
    for await (const page of pages()) {
      for (const u of page) {
        const row: Record<string, string | number | null> = {};
        for (const key of COLUMNS) row[key] = key === 'status' ? (u.deletionMark ? 'deleted' : u.status) : safeCell(u[key] ?? null);
        ws.addRow(row).commit();
      }
    }
    ws.commit();
    await wb.commit();
  })();
  done.catch((err: unknown) => stream.destroy(err as Error));
  return { stream, done };
}

/** Employee export to Excel (§7 Users export, §8 Excel export errors): one employee or the whole client. */
export function exportHandlers({ db, storage, config }: DomainDeps): RouteHandlers<ExportRoutes> {
  const secret = config.JWT_SECRET;
  if (!secret) throw new Error('people needs JWT_SECRET to sign export download URLs');

  /** Streams the workbook of `pages` to object storage; answers a signed URL. Errors: 500 'Excel export failed'. */
  const write = async (ctx: RequestContext, clientId: string, name: string, pages: (tx: Tx) => () => AsyncIterable<UserRow[]>) => {
    const day = new Date().toISOString().slice(0, 10);
    // Under the guarded `hr` kind (issue 38 §4): the signed URL alone reads nothing; the client's administrators do.
    const key = `${clientId}/hr/exports/${randomUUID()}/${name}-${day}.xlsx`;
    const size = await db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const { stream, done } = writeEmployeesWorkbook(ctx.lang, pages(tx));
      try {
        const [put] = await Promise.all([storage.put(key, stream, { contentType: XLSX }), done]);
        return put.size;
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw new DomainError('internal', EXPORT_ERROR);
      }
    });
    return { url: signFileUrl(secret, key, EXPORT_URL_TTL), fileName: key.split('/').pop()!, size };
  };

  const clientOf = (ctx: RequestContext, requested?: string) => {
    if (isSuper(ctx)) {
      const id = requested ?? ctx.clientId;
      if (!id) throw Errors.forbidden();
      return id;
    }
    if (!ctx.clientId) throw Errors.forbidden();
    if (requested && requested !== ctx.clientId) throw Errors.notFound();
    return ctx.clientId;
  };

  return {
    /**
     * §7 POST api/user/export/{id} → { url, fileName, size }: one employee (address book columns and HR fields) as
     * .xlsx in object storage, with a download URL valid EXPORT_URL_TTL seconds. Errors: 404, 500 'Excel export failed'.
     */
    exportOne: async ({ params }, ctx) => {
      const clientId = clientOf(ctx);
      const found = await db.inTenant({ clientId, userId: ctx.userId }, (tx) =>
        tx.select({ id: users.id }).from(users).where(eq(users.id, params.id)).limit(1),
      );
      if (!found.length) throw Errors.notFound();
      return write(
        ctx,
        clientId,
        `employee-${params.id.slice(0, 8)}`,
        (tx) =>
          async function* () {
            yield await tx.select().from(users).where(eq(users.id, params.id));
          },
      );
    },

    /**
     * §7 POST api/user/export/all/{id} (id: the client) → { url, fileName, size }: every employee of the client but
     * deleted ones, by name, read in keyset pages of 1,000 (memory stays flat). Errors: 404 another client, 500.
     */
    exportAll: async ({ params }, ctx) => {
      const clientId = clientOf(ctx, params.id);
      return write(
        ctx,
        clientId,
        'employees',
        (tx) =>
          async function* () {
            let after: string | null = null;
            for (;;) {
              const page: UserRow[] = await tx
                .select()
                .from(users)
                .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false), after ? gt(users.id, after) : undefined))
                .orderBy(asc(users.id))
                .limit(1000);
              if (!page.length) return;
              yield page;
              after = page.at(-1)!.id;
            }
          },
      );
    },
  };
}
