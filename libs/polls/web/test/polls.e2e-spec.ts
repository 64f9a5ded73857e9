// @slow 35s: three browser contexts, a poll built, answered twice and exported.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it, jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { browserSpec, dndKeyboardReady, seriousViolations, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(240_000);
describe('polls in the browser: a manager publishes to a department, two employees answer, the chart moves live, Excel', () => {
  const spec = browserSpec(['shell/index.html', 'polls/mf-manifest.json', 'wall/mf-manifest.json']);

  const signIn = async (email: string, password: string): Promise<Page> => {
    const { page } = await spec.newPage();
    await signInAs(page, email, password);
    return page;
  };
  /** Waits until the chart of question `n` shows these counts (per option, in option order). */
  const waitCounts = (page: Page, n: number, counts: string) =>
    page.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-counts') === want,
      [`result-q-${n}-chart`, counts] as const,
      {
        timeout: 20_000,
      },
    );

  /** Presses `key` during a keyboard drag and waits for dnd-kit's live region to announce the move it made. */
  const pressAnnounced = async (page: Page, key: string) => {
    const region = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
    const before = await page.evaluate(region);
    await page.keyboard.press(key);
    await page.waitForFunction((was) => (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '') !== was, before);
  };

  it('runs the poll story', async () => {
    const { api } = spec;
    const w = await spec.workspace('pollco', 'Poll Co');
    const reg = (firstName: string, email: string, department: string) => w.addUser({ firstName, email, extra: { department } });
    const manager = await reg('Mia', 'mia@pollco.test', 'Sales');
    await api('PUT', `/api/user/${manager._id}/role/poll_manager`, w.admin.token);
    await reg('Ann', 'ann@pollco.test', 'Sales');
    await reg('Bob', 'bob@pollco.test', 'Sales');
    await reg('Ivan', 'ivan@pollco.test', 'IT');

    // The manager builds the poll: a single-choice question and a 1-5 range, to the Sales department.
    const mia = await signIn('mia@pollco.test', 'employee1');
    await mia.goto('/polls');
    await mia.getByTestId('polls-create').click();
    await mia.getByTestId('editor-form').waitFor();
    // §5 shown next to the fields before anything is sent.
    await mia.getByTestId('editor-submit').click();
    await mia.locator('[data-testid="editor-form"] [role="alert"]').first().waitFor();
    await mia.getByTestId('editor-name').fill('Where do we meet?');
    await mia.getByTestId('editor-q-0-text').fill('Pick the office');
    await mia.getByTestId('editor-q-0-kind').selectOption('single');
    await mia.getByTestId('editor-q-0-add-answer').click();
    await mia.getByTestId('editor-q-0-answer-0').fill('Kyiv');
    await mia.getByTestId('editor-q-0-add-answer').click();
    await mia.getByTestId('editor-q-0-answer-1').fill('Lviv');
    await mia.getByTestId('editor-add-question').click();
    await mia.getByTestId('editor-q-1-text').fill('Rate the idea');
    await mia.getByTestId('editor-q-1-kind').selectOption('range');
    await mia.getByTestId('editor-q-1-range').selectOption('5');
    // Reordering by drag (dnd-kit's keyboard sensor: space, arrows, space): a third question moves to the top.
    await mia.getByTestId('editor-add-question').click();
    await mia.getByTestId('editor-q-2-text').fill('Temporary');
    await mia.getByTestId('editor-q-2-drag').focus();
    await mia.keyboard.press('Space');
    await mia.locator('[data-testid="editor-q-2-drag"][aria-pressed="true"]').waitFor();
    // Picked up: dnd-kit announces the card over its own place first.
    await dndKeyboardReady(mia, /item (\S+) was moved over droppable area \1\./);
    await pressAnnounced(mia, 'ArrowUp');
    await pressAnnounced(mia, 'ArrowUp');
    await mia.keyboard.press('Space');
    await mia.waitForFunction(() => (document.querySelector('[data-testid="editor-q-0-text"]') as HTMLInputElement | null)?.value === 'Temporary');
    assert.equal(await mia.getByTestId('editor-q-1-text').inputValue(), 'Pick the office');
    await mia.getByTestId('editor-q-0-remove').click();
    assert.equal(await mia.getByTestId('editor-q-0-text').inputValue(), 'Pick the office');
    await mia.getByTestId('editor-type').selectOption('closed');
    await mia.getByTestId('editor-recipient-add').click();
    await mia.getByTestId('editor-recipient-0-value').fill('Sales');
    await mia.getByTestId('editor-submit').click();
    await mia.waitForURL(/\/poll\/[0-9a-f-]{36}$/);
    const pollId = mia.url().split('/').pop()!;
    await mia.getByTestId('poll-results-link').click();
    await mia.getByTestId('poll-results').waitFor();
    await waitCounts(mia, 1, '0,0');

    // Two employees of Sales answer; the manager's chart follows live.
    for (const [email, option, counts] of [
      ['ann@pollco.test', 0, '1,0'],
      ['bob@pollco.test', 1, '1,1'],
    ] as const) {
      const p = await signIn(email, 'employee1');
      // The wall shows the poll in its polls widget (a widget of the polls remote in the wall's slot, §2).
      await p.goto('/company');
      await p.getByTestId('polls-widget').getByRole('link', { name: 'Where do we meet?' }).waitFor();
      await p.goto('/polls');
      await p.getByTestId(`poll-card-${pollId}`).waitFor();
      await p.goto(`/poll/${pollId}`);
      await p.getByTestId('poll-form').waitFor();
      // A mandatory question left out: the server refuses it, its §5 text appears under the question.
      await p.getByTestId('poll-q-1-option-' + option).check();
      await p.getByTestId('poll-submit').click();
      await p.locator('[data-testid="poll-q-2"] [role="alert"]').waitFor();
      await p.getByTestId('poll-q-2-option-3').check();
      await p.getByTestId('poll-submit').click();
      await p.getByTestId('poll-thanks').waitFor();
      await waitCounts(mia, 1, counts);
      await p.context().close();
    }
    await waitCounts(mia, 2, '0,0,0,2,0');
    // Ivan (IT) is no recipient.
    const ivan = await signIn('ivan@pollco.test', 'employee1');
    await ivan.goto(`/poll/${pollId}`);
    await ivan.getByTestId('polls-no-access').waitFor();

    // Not passed: the manager herself; then the Excel file.
    await mia.getByTestId('results-tab-not-passed').click();
    assert.equal(await mia.getByTestId('not-passed-row').count(), 1);
    await mia.getByTestId('results-remind').click();
    const [download] = await Promise.all([mia.waitForEvent('download'), mia.getByTestId('results-excel').click()]);
    const path = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(path)) as never);
    const answers = wb.worksheets[1]!;
    assert.equal(answers.rowCount, 3);
    const offices = [2, 3].map((r) => String(answers.getRow(r).getCell(3).value)).sort();
    assert.deepEqual(offices, ['Kyiv', 'Lviv']);

    // Phone and desktop widths: the list, the editor, the poll and its results fit without sideways scrolling and
    // have no serious or critical axe-core violation.
    const problems: string[] = [];
    for (const width of [390, 1440]) {
      await mia.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [path, testId] of [
        ['/polls?tab=mine', 'polls-page'],
        ['/poll/new', 'editor-name'],
        [`/poll/${pollId}`, 'poll-page'],
        [`/poll/${pollId}/results`, 'poll-results'],
      ] as const) {
        await mia.goto(path);
        await mia.getByTestId(testId).waitFor();
        const wide = await mia.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (wide > 1) problems.push(`${path} scrolls sideways by ${wide} px at ${width} px`);
        problems.push(...(await seriousViolations(mia)).map((v) => `${width}px ${path}: ${v}`));
      }
    }
    assert.deepEqual(problems, []);
  });

  it('an employee who answered an anonymous poll is told its results are for its managers (issue 29 §19)', async () => {
    const { api } = spec;
    const w = await spec.workspace('pollanon', 'Poll Anon');
    // The texts below are read in English (addUser registers in en).
    await w.addUser({ firstName: 'Ann', email: 'ann@pollanon.test' });
    const poll = await api<{ _id: string; questions: { _id: string }[] }>('POST', '/api/poll', w.admin.token, {
      name: 'Mood, anonymously',
      type: 'anonymous',
      recipients: [{ target: 'all', level: 'read' }],
      questions: [{ text: 'How are you?', mandatory: true, kind: 'short' }],
    });
    const ann = await signIn('ann@pollanon.test', 'employee1');
    await ann.goto(`/poll/${poll._id}`);
    await ann.getByTestId('poll-form').waitFor();
    await ann.getByLabel(/How are you/).fill('Fine');
    await ann.getByTestId('poll-submit').click();
    await ann.getByTestId('poll-thanks').getByTestId('poll-results-managers-only').waitFor();
    // The results link (a notification, a bookmark) says whose the results are, not "This poll is not for you".
    await ann.goto(`/poll/${poll._id}/results`);
    const state = ann.getByTestId('polls-results-managers-only');
    await state.waitFor();
    assert.match(await state.innerText(), /visible to its author and administrators only/);
    assert.match(await state.innerText(), /The poll is anonymous/);
    assert.equal(await ann.getByTestId('polls-no-access').count(), 0);
  });
});
