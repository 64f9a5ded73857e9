import { EMPLOYEE_EXPORT_FIELDS, HR_FIELD_LABELS } from '@intranet/people-contract/hr';
import { safeCell } from '@intranet/platform-contracts';
import { PassThrough } from 'node:stream';
import type { UserRow } from './schema.ts';

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
