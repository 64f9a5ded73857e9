export { PollsModule } from './polls.module.ts';
export { polls, answers, passed, recipients } from './schema.ts';
export { writeResultsWorkbook, excelWords } from './excel.ts';
