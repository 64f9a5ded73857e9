// @slow 15s: two browser contexts; a course built in the editors, appointed, learned and seen in analytics.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it, jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { browserSpec, seriousViolations, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(240_000);
/**
 * Learning in the browser (issue 33): an LMS administrator (the client admin) builds a course with one lesson (rich
 * text) and a timed 3-question test in the editors, appoints an employee with the person picker and publishes it after
 * a confirmation; the employee reads the lesson, passes the test (the timer survives a reload) and sees 100 %; the administrator's analytics show
 * the course learned, in the table and in its Excel file.
 */
describe('lms in the browser: build, appoint, learn, pass, analytics', () => {
  const spec = browserSpec(['shell/index.html', 'lms/mf-manifest.json']);

  const signIn = async (email: string, password: string): Promise<Page> => {
    const { page } = await spec.newPage();
    await signInAs(page, email, password);
    return page;
  };

  it('runs the learning story', async () => {
    const w = await spec.workspace('lmsweb', 'Lms Web');
    const ann = await w.addUser({ firstName: 'Ann', email: 'ann@lmsweb.test' });

    // The administrator creates the course on /courses/new and lands on its page.
    const boss = await signIn(w.admin.email, w.admin.password);
    await boss.goto('/courses');
    await boss.getByTestId('lms-new-course-link').click();
    await boss.getByTestId('lms-course-title').fill('Safety first');
    await boss.getByTestId('lms-course-short').fill('Basics for everyone');
    // A cover of the wrong size is refused under its field (§5: 3420 px wide, ≥ 250 px high).
    const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await boss.getByTestId('lms-course-cover-input').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png1x1 });
    // The gateway names the refusal by its code (wrongImageSize) on the file field: worded, not a generic line.
    await boss.getByTestId('lms-course-cover-error').getByText('Wrong image size').waitFor();
    assert.equal(await boss.getByTestId('lms-course-form').locator('img.lms-cover').count(), 0);
    await boss.getByTestId('lms-course-save').click();
    await boss.waitForURL(/\/courses\/[0-9a-f-]{36}$/);
    const courseId = boss.url().split('/').pop()!;

    // A lesson with rich text.
    await boss.getByTestId('lms-add-lesson').click();
    await boss.getByTestId('lms-lesson-title').fill('Fire exits');
    await boss.getByTestId('lms-lesson-text').locator('[contenteditable="true"]').fill('Exits are marked green.');
    // A file attached (uploaded first through the files service), listed on the lesson and downloadable.
    await boss.getByTestId('lms-lesson-file-input').setInputFiles({ name: 'exits.txt', mimeType: 'text/plain', buffer: Buffer.from('Exit map') });
    await boss.getByTestId('lms-lesson-editor').getByText('exits.txt').waitFor();
    await boss.getByTestId('lms-lesson-save').click();
    await boss.getByTestId('lms-lesson-0').getByText('Exits are marked green.').waitFor();
    const fileLink = boss.getByTestId('lms-lesson-0').getByRole('link', { name: 'exits.txt' });
    const fileHref = (await fileLink.getAttribute('href'))!;
    assert.match(fileHref, /^\/api\/files\/.+\?exp=/);
    assert.equal(await boss.evaluate(async (href) => (await fetch(href)).text(), fileHref), 'Exit map');

    // A timed test of three single-choice questions; the first answer of each is the right one.
    await boss.getByTestId('lms-add-test').click();
    await boss.getByTestId('lms-test-title').fill('Exit quiz');
    await boss.getByTestId('lms-test-limit').fill('600');
    for (let i = 0; i < 3; i++) {
      if (i > 0) await boss.getByTestId('lms-add-question').click();
      await boss.getByTestId(`lms-q-${i}-text`).fill(`Question ${i + 1}?`);
      await boss.getByTestId(`lms-q-${i}-a-0`).fill(`Yes ${i + 1}`);
      await boss.getByTestId(`lms-q-${i}-a-1`).fill(`No ${i + 1}`);
    }
    assert.deepEqual(await seriousViolations(boss), []);
    await boss.getByTestId('lms-test-save').click();
    await boss.getByTestId('lms-course').getByText('Exit quiz').waitFor();

    // Participants: Ann picked by search and appointed; then published after the confirmation.
    await boss.getByTestId('tab-participants').click();
    await boss.getByTestId('lms-members-users-search').fill('Ann');
    await boss.getByTestId(`lms-members-users-option-${ann._id}`).click();
    await boss.getByTestId('lms-members-save').click();
    await boss.getByTestId(`lms-learner-${ann._id}`).waitFor();
    await boss.getByTestId('lms-publish').click();
    await boss.getByTestId('confirm-ok').click();
    await boss.waitForFunction(() => document.querySelector('[data-testid="lms-course"]')?.getAttribute('data-status') === 'published');

    // Ann finds the course, learns the lesson and passes the timed test.
    const learner = await signIn('ann@lmsweb.test', 'employee1');
    await learner.goto('/courses');
    await learner.getByTestId(`lms-course-${courseId}`).click();
    await learner.getByTestId('lms-lesson-0').getByText('Exits are marked green.').waitFor();
    await learner.getByTestId('lms-learn-0').click();
    await learner.getByTestId('lms-lesson-0').getByText('Learned').waitFor();
    await learner.getByTestId('lms-start-0').click();
    await learner.getByTestId('lms-timer').waitFor();
    for (let i = 0; i < 3; i++) {
      await learner
        .getByTestId(`lms-q-${i}`)
        .getByLabel(`Yes ${i + 1}`)
        .check();
      await learner.getByText(`Answered ${i + 1} of 3`).waitFor();
      if (i === 0) {
        // A reload resumes the same attempt: the timer and the first answer are still there.
        await learner.reload();
        await learner.getByTestId('lms-timer').waitFor();
        await learner.getByText('Answered 1 of 3').waitFor();
        assert.equal(await learner.getByTestId('lms-q-0').getByLabel('Yes 1').isChecked(), true);
      }
    }
    await learner.getByTestId('lms-finish').click();
    await learner.getByTestId('lms-score').getByText('Your score: 100%').waitFor();
    await learner.getByTestId('lms-progress').getByText('Progress: 100%').waitFor();

    // The administrator's analytics show the course learned by one learner.
    await boss.goto('/courses/analytics');
    await boss.waitForFunction((id) => document.querySelector(`[data-testid="lms-analytics-${id}"]`)?.getAttribute('data-learned') === '1', courseId, {
      timeout: 20_000,
    });
    assert.deepEqual(await seriousViolations(boss), []);

    // The same table as an Excel file: the course's row counts one learner who learned it.
    const [download] = await Promise.all([boss.waitForEvent('download'), boss.getByTestId('lms-analytics-excel').click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(await download.path())) as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    assert.deepEqual(rows.find((r) => r[1] === 'Safety first')?.slice(1), ['Safety first', 'Published', 1, 0, 0, 1]);
  });
});
