import type { FieldError } from '@intranet/platform-errors';
import Papa from 'papaparse';

export { decodeCsvBytes } from '@intranet/people-contract';

/** One CSV record: the line it starts on (1-based), its cells by header name, and its problems as a record. */
export interface CsvRecord {
  line: number;
  values: Record<string, string>;
  errors: FieldError[];
}

/** The parsed file: the trimmed header and the non-empty records after it. */
export interface CsvFile {
  header: string[];
  records: CsvRecord[];
}

/**
 * Parses CSV text with papaparse: delimiter detected (`,` `;` tab `|`), BOM dropped, empty and blank lines skipped,
 * quoted cells may span lines. Each record keeps the line it starts on; a record papaparse could not read
 * cleanly (unterminated or malformed quotes, more cells than the header) carries a `csv` error with code
 * `csvQuotes` / `csvColumns` instead of failing the file.
 */
export function parseCsv(text: string): CsvFile {
  const src = text.replace(/^\uFEFF/, '');
  // Line starts, to turn record offsets into line numbers.
  const lineStarts = [0];
  for (let i = 0; i < src.length; i++) if (src.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const raw: { line: number; cells: string[]; problems: string[] }[] = [];
  let start = 0;
  Papa.parse<string[]>(src, {
    header: false,
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t', '|'],
    step: (res) => {
      const end = res.meta.cursor;
      // Skip leading line breaks so the record's line is where its first cell is.
      let s = start;
      while (s < end && (src[s] === '\n' || src[s] === '\r')) s++;
      raw.push({ line: lineOf(s), cells: res.data, problems: res.errors.map((e) => e.code) });
      start = end;
    },
  });
  const nonEmpty = raw.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [head, ...rest] = nonEmpty;
  if (!head) return { header: [], records: [] };
  const header = head.cells.map((h) => h.trim());
  const records = rest.map((r): CsvRecord => {
    const values: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h && r.cells[i] !== undefined) values[h] = r.cells[i].trim();
    });
    const errors: FieldError[] = [];
    if (r.problems.some((p) => p === 'MissingQuotes' || p === 'InvalidQuotes')) {
      errors.push({ field: 'csv', code: 'csvQuotes', message: 'Unbalanced quotes in this record' });
    } else if (r.cells.slice(header.length).some((c) => c.trim() !== '')) {
      errors.push({
        field: 'csv',
        code: 'csvColumns',
        params: { max: header.length, count: r.cells.length },
        message: `More cells (${r.cells.length}) than the header has (${header.length})`,
      });
    }
    return { line: r.line, values, errors };
  });
  return { header, records };
}
