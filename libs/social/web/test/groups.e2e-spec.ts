// @slow 40s: groups in several browser contexts.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, seriousViolations, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(240_000);
describe('groups in the browser: A creates a closed group, B asks to join, A approves, B posts, A sees it live', () => {
  const spec = browserSpec(['shell/index.html', 'wall/mf-manifest.json']);
  const { api } = spec;

  // The wall shows the groups widget (§2 company feed widgets).
  const signIn = (page: Page, l: string, password = 'employee1') => signInAs(page, l, password, { landing: /\/company\/?$/, ready: 'groups-widget' });

  it('runs the closed-group story with two employees', async () => {
    // No `lang`: the client's default, as people register without choosing one.
    const w = await spec.workspace('grp', 'Group Ltd', { lang: undefined });
    const reg = (firstName: string, lastName: string, email: string) => w.addUser({ firstName, lastName, email, extra: { lang: undefined } });
    await reg('Ann', 'Archer', 'ann@grp.test');
    const bob = await reg('Bob', 'Baker', 'bob@grp.test');

    const a = (await spec.newPage()).page;
    const b = (await spec.newPage()).page;
    for (const p of [a, b]) p.setDefaultTimeout(20_000);
    await signIn(a, 'ann@grp.test');
    await signIn(b, 'bob@grp.test');

    // A creates a closed group from the catalogue; §5 is checked in the form first.
    await a.goto('/groups/');
    await a.getByTestId('groups-empty').waitFor();
    await a.getByTestId('group-create').click();
    await a.getByTestId('group-submit').click();
    await a.getByTestId('group-name-error').waitFor();
    await a.getByTestId('group-name').fill('Chess club');
    await a.getByTestId('group-description').fill('Fridays after work');
    await a.getByTestId('group-type').selectOption('closed');
    await a.getByTestId('group-submit').click();
    await a.waitForURL(/\/group\/[0-9a-f-]{36}$/);
    const groupId = a.url().split('/').pop()!;
    await a.locator('[data-testid="group-page"][data-state="owner"]').waitFor();

    // B finds it in the catalogue and asks to join; the feed stays closed to him.
    await b.goto('/groups/');
    await b.getByTestId(`group-card-${groupId}`).waitFor();
    await b.getByTestId(`group-ask-${groupId}`).click();
    await b.getByTestId(`group-cancel-${groupId}`).waitFor();
    await b.goto(`/group/${groupId}`);
    await b.locator('[data-testid="group-page"][data-state="requested"]').waitFor();
    await b.getByTestId('group-feed-closed').waitFor();

    // A sees the request (live) and approves it.
    await a.getByTestId('tab-requests').click();
    await a.getByTestId(`pending-approve-${bob._id}`).click();
    await a.getByTestId('tab-feed').click();
    await a.getByTestId('group-feed-empty').waitFor();

    // B becomes a member without reloading, and posts with the wall's form.
    await b.locator('[data-testid="group-page"][data-state="member"]').waitFor();
    await b.getByTestId('post-message').fill('First move: e2–e4');
    await b.getByTestId('post-submit').click();
    await b.getByTestId('group-feed').getByText('First move: e2–e4').waitFor();

    // A sees B's post appear in the group feed live.
    await a.getByTestId('group-feed').getByText('First move: e2–e4').waitFor();
    assert.equal(await a.getByTestId('group-feed').getAttribute('data-count'), '1');
    // The post is the closed group's, not the wall's: the news feed stays empty; the groups widget lists it.
    await a.goto('/company');
    await a.getByTestId('groups-widget').getByText('Chess club').waitFor();
    await a.getByTestId('groups-widget-posts').getByText('First move', { exact: false }).waitFor();
    await a.getByTestId('feed-empty').waitFor();
    groupId_ = groupId;
  });

  it('issue 29 §23: an invitation is withdrawn (confirmed); a group post names its group on the profile; a report shows its state apart from the action', async () => {
    const w = await spec.workspace('grpwd', 'Withdraw Ltd');
    const { admin } = w;
    const ann = await w.addUser({ firstName: 'Ann', email: 'ann@grpwd.test' });
    const bob = await w.addUser({ firstName: 'Bob', email: 'bob@grpwd.test' });
    const secret = await api<{ _id: string }>('POST', '/api/group/', ann.token, { name: 'Secret board', description: 'Private', type: 'private' });
    await api('POST', `/api/group/${secret._id}/invitations`, ann.token, { user_ids: [bob._id] });

    // The owner withdraws Bob's invitation from the invitations tab, after a confirmation naming him.
    const a = (await spec.newPage()).page;
    a.setDefaultTimeout(20_000);
    await signIn(a, 'ann@grpwd.test');
    await a.goto(`/group/${secret._id}`);
    await a.getByTestId('tab-invitations').click();
    await a.getByTestId(`pending-withdraw-${bob._id}`).click();
    const dialog = a.getByTestId('confirm-dialog');
    assert.match(await dialog.innerText(), /Withdraw the invitation of Bob Tester\?/);
    await dialog.getByTestId('confirm-ok').click();
    await a.getByTestId(`pending-invitation-${secret._id}-${bob._id}`).waitFor({ state: 'detached' });
    assert.deepEqual(await api('GET', `/api/group/${secret._id}/invitations`, ann.token), []);

    // A post Ann wrote in a public group says so on her profile, with a link to the group.
    const club = await api<{ _id: string }>('POST', '/api/group/', ann.token, { name: 'Runners', description: 'We run', type: 'public' });
    const post = await api<{ _id: string }>('POST', '/api/post', ann.token, { message: 'Run at six', parent: { type: 'group', id: club._id } });
    await a.goto(`/profile/${ann._id}`);
    const label = a.getByTestId(`post-group-${post._id}`);
    await label.getByText('in group Runners').waitFor();
    assert.equal(await label.getByRole('link').getAttribute('href'), `/group/${club._id}`);

    // "Don't be silent": the report's state is a badge; the button names the action, and both follow a change.
    await api('POST', '/api/user/send_viol_report', bob.token, { anonymous: true, text: 'The fire exit is blocked' });
    const reports = await api<{ reports: { _id: string }[] }>('GET', '/api/viol_report', admin.token);
    const id = reports.reports[0]!._id;
    const ad = (await spec.newPage()).page;
    ad.setDefaultTimeout(20_000);
    await signIn(ad, admin.email, admin.password);
    await ad.goto('/report_violation');
    await ad.getByTestId('tab-reports').click();
    await ad.locator('#reports-filter').selectOption('');
    const status = ad.getByTestId(`report-status-${id}`);
    const toggle = ad.getByTestId(`report-toggle-${id}`);
    await status.getByText('Not handled', { exact: true }).waitFor();
    assert.equal(await toggle.innerText(), 'Mark as handled');
    await toggle.click();
    await ad.locator(`[data-testid="report-status-${id}"][data-handled="true"]`).waitFor();
    assert.equal(await status.innerText(), 'Handled');
    assert.equal(await toggle.innerText(), 'Mark as not handled');
  });

  let groupId_ = '';
  for (const vp of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(`the groups, group, idea and report pages: no serious axe violation, no sideways scroll at ${vp.width} px`, async () => {
      assert.ok(groupId_, 'the story above made the group');
      const ctx = await spec.browser.newContext({ locale: 'en-US', baseURL: spec.portal.url, viewport: vp });
      const page = await ctx.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto('/login/');
      await page.getByTestId('login-input').fill('ann@grp.test');
      await page.getByTestId('password-input').fill('employee1');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/company\/?$/);
      const problems: string[] = [];
      for (const [path, ready] of [
        ['/company', 'groups-widget'],
        ['/groups/', 'groups-list'],
        [`/group/${groupId_}`, 'group-feed'],
        ['/idea', 'idea-form'],
        ['/report_violation', 'report-form'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(ready).waitFor();
        problems.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
        const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (over > 0) problems.push(`${path}: scrolls sideways by ${over}px`);
      }
      await ctx.close();
      assert.deepEqual(problems, []);
    });
  }
});
