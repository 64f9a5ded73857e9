// @slow 30s: events, invitations and the .ics feed.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, signIn as signInAs } from '@intranet/portal-testing/e2e';

const WD = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

jest.setTimeout(240_000);
describe('the calendar in the browser: a weekly event with a member, one occurrence moved, the member sees it live', () => {
  const spec = browserSpec(['shell/index.html', 'calendar/mf-manifest.json', 'wall/mf-manifest.json']);
  const { api, login } = spec;

  const signIn = (page: Page, l: string, password: string) => signInAs(page, l, password, { landing: /\/company\/?$/ });
  const openCalendar = async (page: Page) => {
    await page.goto('/calendar?view=agenda');
    await page.getByTestId('calendar-grid').waitFor();
  };

  it('A creates a weekly event with B, moves one occurrence; B sees the change without reloading', async () => {
    // The client in its default language; the people read English.
    const w = await spec.workspace('calco', 'Cal Co', { lang: undefined });
    const { client } = w;
    const reg = (firstName: string, lastName: string, email: string) => w.addUser({ firstName, lastName, email });
    await reg('Ann', 'Archer', 'ann@calco.test');
    const bob = await reg('Bob', 'Baker', 'bob@calco.test');

    const a = (await spec.newPage()).page;
    const b = (await spec.newPage()).page;
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
    assert.match(await occ2.innerText(), /^10:00\sAM Weekly design review$/);

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
    await b.waitForFunction((id) => /^3:00\sPM /.test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''), `cal-ev-${iso(second)}`);
    assert.match(await b.getByTestId(`cal-ev-${iso(first)}`).innerText(), /^10:00\sAM /);
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
    const ics = await fetch(url.replace(/^https?:\/\/[^/]+/, spec.portal.url));
    assert.equal(ics.status, 200);
    assert.match(await ics.text(), /BEGIN:VCALENDAR[\s\S]*Weekly design review/);
    await b.getByTestId('feed-revoke').click();
    await b.getByTestId('feed-none').waitFor();
  });

  /** A second company for the form and display checks (issue 29): an English organiser, a member, a ru and a uk reader. */
  let co: Promise<{ id: string; cara: string; dan: string }> | null = null;
  const company = () =>
    (co ??= (async () => {
      const w = await spec.workspace('calfx', 'Cal Fix', { lang: undefined });
      const { client } = w;
      const reg = (firstName: string, email: string, lang: string) => w.addUser({ firstName, email, extra: { lang } });
      const cara = await reg('Cara', 'cara@calfx.test', 'en');
      const dan = await reg('Dan', 'dan@calfx.test', 'en');
      await reg('Rita', 'rita@calfx.test', 'ru');
      await reg('Ulia', 'ulia@calfx.test', 'uk');
      return { id: client._id, cara: cara._id, dan: dan._id };
    })());
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);
  /** Cara creates an event through the API (wall-clock in the browser's zone, which is the machine's). */
  const make = async (body: Record<string, unknown>, route = '/api/event') => {
    const { dan } = await company();
    const cara = await login('cara@calfx.test', 'employee1');
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return api<{ _id: string }>('POST', route, cara.token, { start_time: '11:00', end_time: '12:00', members: [dan], tz, ...body });
  };

  it('the event form shows its limits and rules on the first submit: counters (no cut), past date, members marked required, weekly on the date’s weekday (issue 29)', async () => {
    await company();
    const { page } = await spec.newPage();
    await signIn(page, 'cara@calfx.test', 'employee1');
    await openCalendar(page);
    await page.getByTestId('calendar-new').click();
    // Over the limit: the text is kept whole and the counter says by how much.
    await page.getByTestId('event-name').fill('N'.repeat(101));
    await page.getByTestId('event-description').fill('d'.repeat(2001));
    assert.equal((await page.getByTestId('event-name').inputValue()).length, 101);
    assert.equal((await page.getByTestId('event-description').inputValue()).length, 2001);
    assert.equal((await page.locator('#event-name-hint').innerText()).trim(), '101 / 100');
    assert.equal((await page.locator('#event-description-hint').innerText()).trim(), '2001 / 2000');
    // Members is required like the other required fields: the asterisk class and aria-required.
    assert.equal(await page.locator('label[for="event-members"]').getAttribute('class'), 'ui-field__label ui-field__label--required');
    assert.equal(await page.getByTestId('event-members').getAttribute('aria-required'), 'true');
    // One submit: every broken rule at once (yesterday, no members, too long), nothing sent.
    await page.getByTestId('event-date').fill(iso(inDays(-1)));
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-date-error').waitFor();
    assert.equal((await page.getByTestId('event-date-error').innerText()).trim(), 'The date has already passed');
    assert.equal((await page.locator('#event-members-error').innerText()).trim(), 'Field is required');
    assert.equal((await page.getByTestId('event-name-error').innerText()).trim(), 'Max 100 symbols');
    assert.equal((await page.getByTestId('event-description-error').innerText()).trim(), 'Max 2000 symbols');
    // Weekly repeat starts with the date's weekday chosen.
    const day = inDays(9);
    await page.getByTestId('event-date').fill(iso(day));
    await page.getByTestId('event-repeat').selectOption('week');
    const checked = await Promise.all(WD.map(async (d) => [d, await page.getByTestId(`event-wd-${d}`).isChecked()] as const));
    assert.deepEqual(
      checked.filter(([, on]) => on).map(([d]) => d),
      [WD[day.getDay()]],
    );
    const cara = await login('cara@calfx.test', 'employee1');
    const { id } = await company();
    const stored = await api<unknown[]>('GET', `/api/event/byClient/${id}?from=${iso(inDays(-3))}&to=${iso(inDays(30))}&tz=UTC`, cara.token);
    assert.deepEqual(stored, []);
    await page.context().close();
  });

  it('times in the grid are worded as the agenda words them (the user’s locale); the ru and uk month titles are nominative (issue 29)', async () => {
    const tomorrow = iso(inDays(1));
    await make({ name: 'Afternoon sync', date: tomorrow, start_time: '14:00', end_time: '15:00' });
    const { page } = await spec.newPage();
    await signIn(page, 'dan@calfx.test', 'employee1');
    await page.goto('/calendar?view=agenda');
    const label = page.getByText('Afternoon sync', { exact: false }).first();
    await label.waitFor();
    const row = page.locator('.rbc-agenda-table tbody tr', { hasText: 'Afternoon sync' });
    const column = (await row.locator('.rbc-agenda-time-cell').innerText()).trim();
    // en words times in 12 hours, the agenda's column as the event's own label (not lower-cased: "2:00 PM").
    assert.match(column, /^2:00\sPM – 3:00\sPM$/);
    assert.equal((await row.locator('.rbc-agenda-event-cell').innerText()).trim(), `${column.split(' – ')[0]} Afternoon sync`);
    await page.context().close();

    const now = new Date();
    for (const [who, lang] of [
      ['rita@calfx.test', 'ru'],
      ['ulia@calfx.test', 'uk'],
    ] as const) {
      const p = (await spec.newPage()).page;
      await signIn(p, who, 'employee1');
      await p.goto('/calendar?view=month');
      await p.getByTestId('calendar-grid').waitFor();
      // Intl words a month standing alone in the nominative ("ноябрь", "листопад").
      const month = new Intl.DateTimeFormat(lang, { month: 'long' }).format(now);
      const expected = `${month.charAt(0).toLocaleUpperCase(lang)}${month.slice(1)} ${now.getFullYear()}`;
      assert.equal((await p.locator('.rbc-toolbar-label').innerText()).trim(), expected);
      await p.context().close();
    }
  });

  it('?event=<id> opens that event on its date; ?event=<id>&occurrence=<date> one occurrence of a series (issue 29)', async () => {
    const later = inDays(75);
    const single = await make({ name: 'Offsite planning', date: iso(later) });
    const first = inDays(40);
    const series = await make(
      { name: 'Weekly review', date: iso(first), repeat: { period: 'week', weekdays: [WD[first.getDay()]], count: 4 } },
      '/api/event/periodic_event',
    );
    const third = inDays(54);
    const { page } = await spec.newPage();
    await signIn(page, 'dan@calfx.test', 'employee1');

    await page.goto(`/calendar?view=month&event=${single._id}`);
    await page.getByTestId('event-details').waitFor();
    assert.equal((await page.getByTestId('event-details').getByRole('heading').first().innerText()).trim(), 'Offsite planning');
    const monthOf = (d: Date) => new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(d);
    assert.equal((await page.locator('.rbc-toolbar-label').innerText()).trim(), monthOf(later));
    // Closed, the link is spent: the URL is the plain calendar's.
    await page.keyboard.press('Escape');
    await page.getByTestId('event-details').waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).search, '?view=month');

    await page.goto(`/calendar?view=month&event=${series._id}&occurrence=${iso(third)}`);
    await page.getByTestId('event-details').waitFor();
    const when = (await page.getByTestId('event-when').innerText()).trim();
    const day = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' }).format(third);
    assert.ok(when.startsWith(day), `${when} should start with ${day}`);
    assert.equal((await page.locator('.rbc-toolbar-label').innerText()).trim(), monthOf(third));
    await page.context().close();
  });

  it('at 390 px the month grid shows an event’s name, not its time cut to "11:…" (issue 29)', async () => {
    const tomorrow = inDays(1);
    const made = await make({ name: 'Budget sync', date: iso(tomorrow), start_time: '11:00', end_time: '12:00' });
    const { page } = await spec.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'dan@calfx.test', 'employee1');
    await page.goto('/calendar?view=month');
    const ev = page.getByTestId(`cal-ev-${made._id}`);
    await ev.waitFor();
    assert.equal((await ev.innerText()).replace(/\s+/g, ' ').trim(), 'Budget sync');
    // Nothing of it is cut off: the content box holds the whole name.
    const clipped = await ev.evaluate((el) => {
      const box = el.closest('.rbc-event-content') as HTMLElement;
      return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    });
    assert.equal(clipped, false);
    await page.context().close();
  });
});
