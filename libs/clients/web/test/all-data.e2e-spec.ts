import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, seriousViolations, signIn } from '@intranet/portal-testing/e2e';

/**
 * The admin panel's "all data" tab (§2, issue 36) in the browser: a course's lessons are listed once the course is
 * picked (GET api/lesson?course_id), and one lesson opens as the server answers it (GET api/lesson/{id}).
 */
jest.setTimeout(180_000);
describe('admin panel, all data: lessons of a picked course', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);

  it('the administrator picks the lesson module, then a course, and opens a lesson', async () => {
    const { api } = spec;
    const w = await spec.workspace('alldataweb', 'All Data Web');
    const course = await api<{ _id: string }>('POST', '/api/course', w.admin.token, { title: 'Onboarding basics' });
    const lesson = await api<{ _id: string }>('POST', '/api/lesson', w.admin.token, { title: 'Welcome lesson', course_id: course._id });

    const { page } = await spec.newPage();
    await signIn(page, w.admin.email, w.admin.password);
    await page.goto('/admin/');
    await page.getByTestId('admin-panel').waitFor();
    await page.getByTestId('tab-allData').click();
    await page.getByTestId('all-data').waitFor({ timeout: 20_000 });
    await page.getByTestId('all-data-module').selectOption('lesson');
    await page.locator('[data-testid="all-data-course"] option', { hasText: 'Onboarding basics' }).waitFor({ state: 'attached' });
    await page.getByTestId('all-data-course').selectOption(course._id);
    await page.getByTestId(`all-data-row-${lesson._id}`).click();
    await page.locator('[data-testid="all-data-record"]', { hasText: 'Welcome lesson' }).waitFor();
    assert.match(await page.getByTestId('all-data-record').innerText(), new RegExp(course._id));
    assert.deepEqual(await seriousViolations(page), []);
  });
});
