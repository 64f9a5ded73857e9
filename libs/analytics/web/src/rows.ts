/** A report as table rows (label, value…) for the table, the chart and the Excel export of its tab. */
export type Row = Record<string, string | number | null>;

/** The adaptations report's figures, in the order the tab shows them (each labelled `adaptations.<figure>`). */
export const ADAPTATION_FIGURES = ['started', 'finished', 'probationPassed', 'inProgress'] as const;
/** One of the adaptations report's figures. */
export type AdaptationFigure = (typeof ADAPTATION_FIGURES)[number];

/** Turns any report result into rows: its array part (byDay, modules, groups, buckets) or its figures. */
export function reportRows(tab: string, r: Record<string, unknown> | undefined): Row[] {
  if (!r) return [];
  // All four figures, in a fixed order, a zero too (a figure missing from the answer shows as 0, not as no row).
  if (tab === 'adaptations') return ADAPTATION_FIGURES.map((k) => ({ figure: k, value: typeof r[k] === 'number' ? r[k] : 0 }));
  if (tab === 'demography') {
    const wt = (r.workingTime as { key: string; count: number }[]).map((x) => ({ group: `workingTime ${x.key}`, count: x.count }));
    const age = (r.age as { key: string; count: number }[]).map((x) => ({ group: `age ${x.key}`, count: x.count }));
    return [...wt, ...age];
  }
  for (const k of ['byDay', 'modules', 'groups']) if (Array.isArray(r[k])) return r[k] as Row[];
  return Object.entries(r)
    .filter(([, v]) => typeof v === 'number')
    .map(([k, v]) => ({ figure: k, value: v as number }));
}

/** Writes rows to an .xlsx file (exceljs, loaded on demand) and starts its download. */
export async function exportExcel(name: string, rows: Row[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  const cols = Object.keys(rows[0] ?? { empty: '' });
  ws.addRow(cols);
  for (const r of rows) ws.addRow(cols.map((c) => r[c] ?? ''));
  const buf = await wb.xlsx.writeBuffer();
  const url = URL.createObjectURL(new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.xlsx`;
  a.click();
  URL.revokeObjectURL(url);
}
