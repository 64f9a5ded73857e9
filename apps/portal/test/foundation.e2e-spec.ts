import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually } from '@intranet/platform-testing';
import { startBrowserPortal, type BrowserPortal, SUPERADMIN as SU } from '@intranet/portal-testing/e2e';

const ADMIN = { email: 'admin@acme.test', password: 'adminpass1' };

/** 50 employees, two of them bad: row 11 has no first name, row 31 an invalid e-mail. */
function employeesCsv(): string {
  const lines = ['firstName,lastName,email,password,position,department'];
  for (let i = 1; i <= 50; i++) {
    const first = i === 10 ? '' : `Worker${String.fromCharCode(64 + (i % 26 || 26))}`;
    const email = i === 30 ? 'not-an-email' : `worker${i}@acme.test`;
    lines.push(`${first},Smith${String.fromCharCode(96 + (i % 26 || 26))},${email},password${i},Engineer,R and D`);
  }
  return lines.join('\n');
}

jest.setTimeout(240_000);
describe('foundation in the browser: superadmin, client, CSV import, employee, navigation rules, blocked client, password reset', () => {
  let dataDir: string;

  let e: BrowserPortal;
  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html']);
    dataDir = e.dataDir;
  });
  afterAll(() => e?.close());
  const newPage = () => e.newPage();

  const signIn = async (page: Page, login: string, password: string) => {
    await page.goto('/login/');
    await page.getByTestId('login-input').fill(login);
    await page.getByTestId('password-input').fill(password);
    await page.getByTestId('login-submit').click();
  };

  it('runs the whole story', async () => {
    // 1. The superadmin signs in and lands on /clients; creates client "acme" and its administrator.
    const su = await newPage();
    await signIn(su.page, SU.login, SU.password);
    await su.page.waitForURL(/\/clients\/?$/);
    await su.page.getByTestId('client-create-open').click();
    await su.page.getByTestId('client-workspace').fill('acme');
    await su.page.getByTestId('client-name').fill('Acme Ltd');
    await su.page.getByTestId('admin-first-name').fill('Ada');
    await su.page.getByTestId('admin-last-name').fill('Lovelace');
    await su.page.getByTestId('admin-email').fill(ADMIN.email);
    await su.page.getByTestId('admin-password').fill(ADMIN.password);
    await su.page.getByTestId('admin-confirm-password').fill(ADMIN.password);
    await su.page.getByTestId('client-create-submit').click();
    await su.page.getByTestId('client-open-acme').waitFor();

    // 2. The administrator imports 50 employees, 2 of them bad; progress is shown, then the per-row report.
    const admin = await newPage();
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL(/\/company\/?$/);
    await admin.page.goto('/employees/');
    await admin.page.getByTestId('employees-import').click();
    await admin.page.getByTestId('csv-file-input').setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from(employeesCsv()) });
    // Hold the request until the progress bar is seen, whatever the machine's speed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await admin.page.route('**/api/register_many', async (route) => {
      await released;
      await route.continue();
    });
    await admin.page.getByTestId('csv-upload').click();
    await admin.page.getByTestId('import-progress').waitFor({ state: 'visible' });
    release();
    const summary = admin.page.getByTestId('import-summary');
    await summary.waitFor();
    assert.match(await summary.innerText(), /48/);
    assert.match(await summary.innerText(), /2/);
    assert.equal(await admin.page.getByTestId('import-row-11').getAttribute('data-ok'), 'false');
    // acme was created with the default language ru, so its administrator reads the report in Russian (issue 8 §2).
    assert.match(await admin.page.getByTestId('import-row-11-errors').innerText(), /firstName: Обязательное поле/);
    assert.equal(await admin.page.getByTestId('import-row-31').getAttribute('data-ok'), 'false');
    assert.match(await admin.page.getByTestId('import-row-31-errors').innerText(), /email: Неверный e-mail/);
    assert.equal(await admin.page.locator('[data-testid^="import-row-"][data-ok="true"]').count(), 48);
    await admin.page.getByTestId('import-close').click();
    await admin.page.getByTestId('employees-search').fill('worker12@');
    await admin.page.getByText('worker12@acme.test').waitFor();

    // 3. An imported employee signs in and lands on the wall.
    const emp = await newPage();
    await signIn(emp.page, 'worker12@acme.test', 'password12');
    await emp.page.waitForURL(/\/company\/?$/);
    await emp.page.getByTestId('company-page').waitFor();
    // §2: /employees is for admins and /clients for the superadmin; an employee lands on the wall instead.
    await emp.page.goto('/employees/');
    await emp.page.waitForURL(/\/company\/?$/);
    await emp.page.goto('/clients');
    await emp.page.waitForURL(/\/company\/?$/);

    // 3b. A visitor without a session is sent to /login; the wanted path is remembered and used after sign-in.
    const visitor = await newPage();
    await visitor.page.goto('/help/');
    await visitor.page.waitForURL(/\/login\/?$/);
    await visitor.page.getByTestId('login-input').fill('worker14@acme.test');
    await visitor.page.getByTestId('password-input').fill('password14');
    await visitor.page.getByTestId('login-submit').click();
    await visitor.page.waitForURL(/\/help\/?$/);

    // 4. Password reset by the link from the outbox.
    const reset = await newPage();
    await reset.page.goto('/login/');
    await reset.page.getByTestId('forgot-link').click();
    await reset.page.getByTestId('forgot-email').fill('worker20@acme.test');
    await reset.page.getByTestId('forgot-submit').click();
    const outbox = join(dataDir, 'outbox');
    // A reset mail reaches the outbox (written by the mailer a moment after the answer).
    const link = await eventually(async () => {
      const files = existsSync(outbox) ? (await readdir(outbox)).filter((f) => f.endsWith('.txt')) : [];
      for (const f of files) {
        const text = await readFile(join(outbox, f), 'utf8');
        if (text.includes('worker20@acme.test')) return /(http\S+\/reset-password\/\S+)/.exec(text)?.[1];
      }
      return undefined;
    }, 10_000);
    await reset.page.goto(new URL(link).pathname);
    await reset.page.getByTestId('reset-password').fill('brand-new-1');
    await reset.page.getByTestId('reset-confirm').fill('brand-new-1');
    await reset.page.getByTestId('reset-submit').click();
    await reset.page.getByTestId('reset-login-link').click();
    await signIn(reset.page, 'worker20@acme.test', 'brand-new-1');
    await reset.page.waitForURL(/\/company\/?$/);

    // 5. The superadmin blocks the client: its users see 'Login blocked'.
    await su.page.getByTestId('client-open-acme').click();
    await su.page.getByTestId('client-block').click();
    await su.page.getByTestId('confirm-ok').click();
    await su.page.locator('[data-testid="client-status"][data-status="blocked"]').waitFor();
    const blocked = await newPage();
    await signIn(blocked.page, 'worker13@acme.test', 'password13');
    const err = blocked.page.getByTestId('login-error');
    await err.waitFor();
    assert.match(await err.innerText(), /Login blocked/);

    // 6. An employee whose client is blocked mid-session is sent to the sign-in page, which says why.
    await emp.page.goto('/company');
    await emp.page.waitForURL(/\/login\/?$/);
    const midSession = emp.page.getByTestId('login-error');
    await midSession.waitFor();
    assert.match(await midSession.innerText(), /Login blocked/);
  });
});
