import { safeCell } from '@intranet/platform-contracts';
import type { Question, QuestionResult } from '@intranet/polls-contract';
import { PassThrough } from 'node:stream';
import type { AnswerRowDb } from './schema.ts';
import { answerTexts } from './mapping.ts';

/** Column and sheet titles of the export in the caller's language (ru, uk, en). */
const WORDS = {
  en: {
    summary: 'Summary',
    answers: 'Answers',
    question: 'Question',
    answer: 'Answer',
    count: 'Count',
    answered: 'Answered',
    average: 'Average',
    respondent: 'Respondent',
    day: 'Day',
    hidden: 'Hidden: fewer than 3 answers',
    anonymous: 'Anonymous',
  },
  ru: {
    summary: 'Итоги',
    answers: 'Ответы',
    question: 'Вопрос',
    answer: 'Ответ',
    count: 'Количество',
    answered: 'Ответили',
    average: 'Среднее',
    respondent: 'Участник',
    day: 'День',
    hidden: 'Скрыто: меньше 3 ответов',
    anonymous: 'Аноним',
  },
  uk: {
    summary: 'Підсумки',
    answers: 'Відповіді',
    question: 'Питання',
    answer: 'Відповідь',
    count: 'Кількість',
    answered: 'Відповіли',
    average: 'Середнє',
    respondent: 'Учасник',
    day: 'День',
    hidden: 'Приховано: менше 3 відповідей',
    anonymous: 'Анонім',
  },
} as const;
export const excelWords = (lang: string) => WORDS[(lang === 'ua' ? 'uk' : lang) as keyof typeof WORDS] ?? WORDS.en;

/** Sheet names the export writes (for readers and specs). */
export interface ExcelInput {
  lang: string;
  questions: Question[];
  results: QuestionResult[];
  anonymous: boolean;
  /** Question ids whose answers are hidden (anonymous, too few answers). */
  hidden: ReadonlySet<string>;
  /** Pages of answer rows in key order until an empty page. */
  pages: () => AsyncIterable<AnswerRowDb[]>;
  names: (ids: string[]) => Promise<Map<string, string>>;
}

/**
 * Writes the results workbook with exceljs's streaming writer (rows are committed as they are written, so memory
 * stays flat however many answers there are) into the returned stream: sheet 1 the per-question summary, sheet 2
 * one row per answer sheet (personal polls: name and day; anonymous: neither). `done` settles when it is written.
 */
export function writeResultsWorkbook(input: ExcelInput): { stream: PassThrough; done: Promise<void> } {
  const stream = new PassThrough();
  const w = excelWords(input.lang);
  const done = (async () => {
    // Loaded on the first export, not at start-up: exceljs is a large module graph every process would load.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sum = wb.addWorksheet(w.summary);
    sum.columns = [
      { header: w.question, key: 'q', width: 50 },
      { header: w.answer, key: 'a', width: 40 },
      { header: w.count, key: 'n', width: 12 },
    ];
    sum.getRow(1).font = { bold: true };
    for (const r of input.results) {
      if (r.hidden) {
        sum.addRow({ q: safeCell(r.text), a: w.hidden, n: null }).commit();
        continue;
      }
      sum.addRow({ q: safeCell(r.text), a: w.answered, n: r.answered }).commit();
      for (const c of r.counts) sum.addRow({ q: safeCell(r.text), a: safeCell(c.label), n: c.count }).commit();
      if (r.average !== null) sum.addRow({ q: safeCell(r.text), a: w.average, n: r.average }).commit();
    }
    sum.commit();

    const ans = wb.addWorksheet(w.answers);
    ans.columns = [
      { header: w.respondent, key: '_who', width: 30 },
      ...(input.anonymous ? [] : [{ header: w.day, key: '_day', width: 12 }]),
      ...input.questions.map((q) => ({ header: safeCell(q.text), key: q._id, width: 30 })),
    ];
    ans.getRow(1).font = { bold: true };
    let n = 0;
    for await (const page of input.pages()) {
      const names = input.anonymous ? new Map<string, string>() : await input.names(page.map((r) => r.userId).filter((u): u is string => !!u));
      for (const r of page) {
        n += 1;
        const row: Record<string, string | number> = {};
        for (const [k, v] of Object.entries(answerTexts(input.questions, r.values, input.hidden))) row[k] = safeCell(v);
        row._who = input.anonymous ? `${w.anonymous} ${n}` : safeCell(names.get(r.userId ?? '') ?? '');
        if (!input.anonymous) row._day = r.day;
        ans.addRow(row).commit();
      }
    }
    ans.commit();
    await wb.commit();
  })().catch((err: unknown) => {
    stream.destroy(err as Error);
    throw err;
  });
  return { stream, done };
}
