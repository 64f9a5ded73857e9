import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { apiCaller, startBrowserPortal, type BrowserPortal, signIn as signInAs } from '@intranet/portal-testing/e2e';
import type { Portal } from '@intranet/portal-server';

const SU = { login: 'root@example.com', password: 'rootpass1' };
const WD = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

jest.setTimeout(240_000);
describe('the calendar in the browser: a weekly event with a member, one occurrence moved, the member sees it live', () => {
  let portal: Portal;
  const api = apiCaller(() => portal.url);
  const login = (l: string, p: string) => api<{ token: string; result: { _id: string } }>('POST', '/api/login', null, { login: l, password: p });

  let e: BrowserPortal;
  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html', 'calendar/mf-manifest.json', 'wall/mf-manifest.json']);
    portal = e.portal;
  });
  afterAll(() => e?.close());

  const signIn = (page: Page, l: string, password: string) => signInAs(page, l, password, { landing: /\/company\/?$/ });
  const openCalendar = async (page: Page) => {
    await page.goto('/calendar?view=agenda');
    await page.getByTestId('calendar-grid').waitFor();
  };

  it('A creates a weekly event with B, moves one occurrence; B sees the change without reloading', async () => {
    const su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'calco', name: 'Cal Co' });
    await api('POST', '/api/register', su.token, {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@calco.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
    });
    const admin = await login('admin@calco.test', 'adminpass1');
    const reg = (firstName: string, lastName: string, email: string) =>
      api<{ _id: string }>('POST', '/api/register', admin.token, {
        firstName,
        lastName,
        email,
        password: 'employee1',
        confirmPassword: 'employee1',
        lang: 'en',
      });
    await reg('Ann', 'Archer', 'ann@calco.test');
    const bob = await reg('Bob', 'Baker', 'bob@calco.test');

    const a = (await e.newPage()).page;
    const b = (await e.newPage()).page;
    await signIn(a, 'ann@calco.test', 'employee1');
    await signIn(b, 'bob@calco.test', 'employee1');
    await openCalendar(a);
    await openCalendar(b);

    // A: a weekly event from tomorrow (browser zone), three times, Bob as member — through the form.
    const first = new Date(Date.now() + 86_400_000);
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const second = new Date(first.getTime() + 7 * 86_400_000);
    await a.getByTestId('calendar-new').click();
    await a.getByTestId('event-name').fill('Weekly design review');
    await a.getByTestId('event-date').fill(iso(first));
    await a.getByTestId('event-start').fill('10:00');
    await a.getByTestId('event-end').fill('11:00');
    // §5 text next to the field before the member is chosen.
    await a.getByTestId('event-save').click();
    await a.locator('#event-members-error').waitFor();
    assert.equal((await a.locator('#event-members-error').innerText()).trim(), 'Field is required');
    await a.getByTestId('event-members').fill('Bob');
    await a.getByTestId(`event-members-options-${bob._id}`).click();
    await a.getByTestId('event-members-list').getByText('Bob Baker').waitFor();
    await a.getByTestId('event-repeat').selectOption('week');
    await a.getByTestId(`event-wd-${WD[first.getDay()]}`).check();
    await a.getByTestId('event-count').fill('3');
    await a.getByTestId('event-save').click();
    await a.getByTestId('event-form').waitFor({ state: 'detached' });

    // B sees the three occurrences arrive without reloading.
    const occ2 = b.getByTestId(`cal-ev-${iso(second)}`);
    await occ2.waitFor();
    assert.match(await occ2.innerText(), /^10:00 Weekly design review$/);

    // A moves the second occurrence only, to 15:00 the next day.
    const moved = new Date(second.getTime() + 86_400_000);
    await a.getByTestId(`cal-ev-${iso(second)}`).click();
    await a.getByTestId('event-details').waitFor();
    await a.getByTestId('event-edit').click();
    await a.getByTestId('event-scope-one').check();
    await a.getByTestId('event-date').fill(iso(moved));
    await a.getByTestId('event-start').fill('15:00');
    await a.getByTestId('event-end').fill('16:00');
    await a.getByTestId('event-save').click();
    await a.getByTestId('event-form').waitFor({ state: 'detached' });

    // B's page changes by itself: the moved occurrence shows its new time, the others keep theirs.
    await b.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.startsWith('15:00'), `cal-ev-${iso(second)}`);
    assert.match(await b.getByTestId(`cal-ev-${iso(first)}`).innerText(), /^10:00 /);
    // And the server agrees.
    const bobToken = (await login('bob@calco.test', 'employee1')).token;
    const list = await api<{ occurrence: string; date: string; start_time: string; moved: boolean }[]>(
      'GET',
      `/api/event/byClient/${client._id}?from=${iso(first)}&to=${iso(new Date(first.getTime() + 30 * 86_400_000))}&tz=UTC`,
      bobToken,
    );
    const m = list.find((o) => o.occurrence === iso(second))!;
    assert.deepEqual([m.date, m.start_time, m.moved], [iso(moved), '15:00', true]);
    assert.equal(list.length, 3);

    // The wall's events widget lists B's next occurrences, the first one first.
    await b.goto('/company');
    const widget = b.getByTestId('events-widget');
    await widget.getByText('Weekly design review').first().waitFor();
    assert.equal(await widget.getByRole('listitem').count(), 3);

    // The user's menu has the private .ics link: create it, it is shown; revoke it, it is gone.
    await b.getByTestId('calendar-feed-menu').click();
    await b.getByTestId('feed-modal').waitFor();
    await b.getByTestId('feed-issue').click();
    const url = await b.getByTestId('feed-url').inputValue();
    assert.match(url, /\/api\/event\/feed\/[^/]+$/);
    const ics = await fetch(url.replace(/^https?:\/\/[^/]+/, portal.url));
    assert.equal(ics.status, 200);
    assert.match(await ics.text(), /BEGIN:VCALENDAR[\s\S]*Weekly design review/);
    await b.getByTestId('feed-revoke').click();
    await b.getByTestId('feed-none').waitFor();
  });
});
