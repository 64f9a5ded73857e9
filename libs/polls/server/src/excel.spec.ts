import { writeResultsWorkbook } from './excel.ts';
import type { Question } from '@intranet/polls-contract';
import ExcelJS from 'exceljs';
import assert from 'node:assert/strict';
import { buffer } from 'node:stream/consumers';
import { describe, it } from '@jest/globals';

/** Issue 38 §8: the results workbook neutralises typed text a spreadsheet would run as a formula. */
describe('polls Excel export: formula-like cells are text', () => {
  it('question texts, option labels, typed answers and names starting with = + - @ get a leading quote', async () => {
    const questions: Question[] = [
      { _id: 'q1', text: '=HYPERLINK("https://evil.test","Q")', mandatory: false, kind: 'single', range: null, answers: [{ _id: 'a1', text: '+1 more' }] },
      { _id: 'q2', text: 'Why?', mandatory: false, kind: 'short', range: null, answers: [] },
    ];
    const results = [
      {
        _id: 'q1',
        text: questions[0]!.text,
        kind: 'single' as const,
        range: null,
        answered: 1,
        hidden: false,
        counts: [{ key: 'a1', label: '+1 more', count: 1 }],
        average: null,
        texts: [],
      },
      { _id: 'q2', text: 'Why?', kind: 'short' as const, range: null, answered: 1, hidden: false, counts: [], average: null, texts: ['@SUM(A1:A9)'] },
    ];
    const { stream, done } = writeResultsWorkbook({
      lang: 'en',
      questions,
      results,
      anonymous: false,
      hidden: new Set(),
      pages: async function* () {
        yield [{ id: 'r1', userId: 'u1', day: '2026-11-27', values: { q1: 'a1', q2: '-2+3' } }] as never;
      },
      names: async () => new Map([['u1', '=cmd|" /C calc"!A0']]),
    });
    const [bytes] = await Promise.all([buffer(stream), done]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const cells = (i: number) => {
      const out: unknown[] = [];
      wb.worksheets[i]!.eachRow((row) => out.push(...(row.values as unknown[]).slice(1)));
      return out;
    };
    const all = [...cells(0), ...cells(1)];
    assert.ok(all.includes('\'=HYPERLINK("https://evil.test","Q")'), JSON.stringify(all));
    assert.ok(all.includes("'+1 more"), JSON.stringify(all));
    assert.ok(all.includes("'-2+3"), JSON.stringify(all));
    assert.ok(all.includes('\'=cmd|" /C calc"!A0'), JSON.stringify(all));
    // Nothing starts with a formula sign any more, and no cell is a formula.
    assert.deepEqual(
      all.filter((v) => typeof v === 'object' && v !== null),
      [],
    );
    assert.deepEqual(
      all.filter((v) => typeof v === 'string' && /^[=+\-@]/.test(v)),
      [],
    );
  });
});
