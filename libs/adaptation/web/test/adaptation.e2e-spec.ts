// @slow 20s: three browser contexts; HR builds a track and adds a newcomer, the newcomer finishes a reward step, the mentor sees the progress.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, dndAnnounced, dndKeyboardReady, overflow, seriousViolations, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(300_000);

/**
 * Issue 34, the browser story: HR (the client's admin, who holds the `adaptation` right) creates a track with two
 * stages — a reward step of 10 coins on day 0 in the first, a task on day 7 in the second —, starts it and adds a
 * newcomer starting today with a mentor, all through the screens; the newcomer opens their journey, finishes the
 * reward step and sees the coins in the shop balance; the mentor sees the progress (1 of 2 steps) on /adaptation and
 * on the journey, at phone width too. On the way HR moves a third (empty) stage to the top by keyboard, reloads to see
 * the order kept, moves it back to the end and deletes it after a confirmation.
 */
describe('adaptation in the browser: HR builds a track and adds a newcomer, the newcomer collects a reward, the mentor sees the progress', () => {
  const spec = browserSpec(['shell/index.html', 'adaptation/mf-manifest.json', 'shop/mf-manifest.json']);

  /** Console errors and uncaught exceptions of every page of the story (none expected). */
  const problems: string[] = [];
  const signIn = async (email: string, password: string): Promise<Page> => {
    const { page } = await spec.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${email}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${email}: ${e.message}`));
    await signInAs(page, email, password);
    return page;
  };

  /** Picks a person in one of the add-newcomer form's pickers by typing their first name. */
  const pick = async (page: Page, picker: string, name: string, id: string) => {
    await page.getByTestId(`${picker}-search`).fill(name);
    await page.getByTestId(`${picker}-option-${id}`).click();
  };

  /** Presses a key while dragging and waits until dnd-kit's live region says `text` (the move happened). */
  const pressAnnounced = async (page: Page, key: string, text: string) => {
    await page.keyboard.press(key);
    await dndAnnounced(page, text);
  };

  it('runs the adaptation story', async () => {
    const w = await spec.workspace('adaptweb', 'Adapt Web Ltd');
    const nia = await w.addUser({ firstName: 'Nia', lastName: 'Newby', email: 'nia@adaptweb.test' });
    const max = await w.addUser({ firstName: 'Max', lastName: 'Mentor', email: 'max@adaptweb.test' });

    // HR creates the track: the editor opens on it.
    const hr = await signIn(w.admin.email, w.admin.password);
    await hr.goto('/adaptation');
    await hr.getByTestId('adapt-tracks').waitFor();
    // §5: a track needs a name — shown under the field, nothing created.
    await hr.getByTestId('adapt-track-create').click();
    await hr.getByTestId('adapt-track-name-error').waitFor();
    await hr.getByTestId('adapt-track-name').fill('Onboarding');
    await hr.getByTestId('adapt-track-create').click();
    await hr.waitForURL(/\/adaptation\/[0-9a-f-]{36}$/);
    const trackId = new URL(hr.url()).pathname.split('/').pop()!;
    await hr.getByTestId('adapt-track-page').waitFor();

    // Extra tab: the company's steps open at 00:00 UTC, so today's steps are due as soon as the newcomer is added.
    await hr.getByTestId('tab-extra').click();
    await hr.getByTestId('adapt-settings-tz').fill('UTC');
    await hr.getByTestId('adapt-settings-hour').fill('0');
    await hr.getByTestId('adapt-settings-save').click();
    await hr.getByTestId('toast').getByText('Saved').waitFor();
    await hr.getByTestId('tab-basic').click();

    assert.deepEqual(await seriousViolations(hr), []);

    // Basic tab: two stages.
    for (const [i, name] of ['First day', 'First week'].entries()) {
      await hr.getByTestId('adapt-stage-name').fill(name);
      await hr.getByTestId('adapt-stage-add').click();
      await hr.getByTestId(`adapt-stage-${i}`).waitFor();
    }
    // Stages reorder by keyboard (dnd-kit: Space picks up, arrows move, Space drops) and the order persists: a third
    // stage moves to the top and is still there after a reload.
    await hr.getByTestId('adapt-stage-name').fill('Paperwork');
    await hr.getByTestId('adapt-stage-add').click();
    await hr.getByTestId('adapt-stage-2').waitFor();
    await hr.getByTestId('adapt-stages-2-drag').focus();
    await hr.keyboard.press('Space');
    await hr.locator('[data-testid="adapt-stages-2-drag"][aria-pressed="true"]').waitFor();
    await dndKeyboardReady(hr, 'Paperwork is over position 3 of 3');
    await pressAnnounced(hr, 'ArrowUp', 'Paperwork is over position 2 of 3');
    await pressAnnounced(hr, 'ArrowUp', 'Paperwork is over position 1 of 3');
    const saved = hr.waitForResponse((r) => r.url().endsWith(`/api/adaptation/track/${trackId}/stage`) && r.request().method() === 'PUT');
    await hr.keyboard.press('Space');
    assert.equal((await saved).status(), 200);
    assert.equal(await hr.getByTestId('adapt-stage-0-name').inputValue(), 'Paperwork');
    await hr.reload();
    await hr.getByTestId('adapt-stage-2').waitFor();
    assert.deepEqual(await Promise.all([0, 1, 2].map((i) => hr.getByTestId(`adapt-stage-${i}-name`).inputValue())), ['Paperwork', 'First day', 'First week']);
    // And back to the end by the same keys (the story goes on with it last, empty).
    await hr.getByTestId('adapt-stages-0-drag').focus();
    await hr.keyboard.press('Space');
    await hr.locator('[data-testid="adapt-stages-0-drag"][aria-pressed="true"]').waitFor();
    await dndKeyboardReady(hr, 'Paperwork is over position 1 of 3');
    await pressAnnounced(hr, 'ArrowDown', 'Paperwork is over position 2 of 3');
    await pressAnnounced(hr, 'ArrowDown', 'Paperwork is over position 3 of 3');
    const back = hr.waitForResponse((r) => r.url().endsWith(`/api/adaptation/track/${trackId}/stage`) && r.request().method() === 'PUT');
    await hr.keyboard.press('Space');
    assert.equal((await back).status(), 200);
    assert.deepEqual(await Promise.all([0, 1, 2].map((i) => hr.getByTestId(`adapt-stage-${i}-name`).inputValue())), ['First day', 'First week', 'Paperwork']);
    // The empty third stage is deleted after a confirmation (§7 names the stage in the DELETE's body).
    await hr.getByTestId('adapt-stage-2-delete').click();
    const removed = hr.waitForResponse((r) => r.url().endsWith(`/api/adaptation/track/${trackId}/stage`) && r.request().method() === 'DELETE');
    await hr.getByTestId('adapt-stage-delete-confirm').getByTestId('confirm-ok').click();
    assert.equal((await removed).status(), 200);
    await hr.getByTestId('adapt-stage-2').waitFor({ state: 'detached' });
    assert.deepEqual(await Promise.all([0, 1].map((i) => hr.getByTestId(`adapt-stage-${i}-name`).inputValue())), ['First day', 'First week']);

    // Scenario tab (the newcomer's): a reward of 10 coins on day 0 in the first stage, a task on day 7 in the second.
    await hr.getByTestId('tab-scenario').click();
    await hr.getByTestId('adapt-step-type').selectOption('reward');
    await hr.getByTestId('adapt-step-name').fill('Welcome coins');
    await hr.getByTestId('adapt-step-days').fill('0');
    // §5 on the client: a reward needs its coins, shown under the field.
    await hr.getByTestId('adapt-step-save').click();
    await hr.getByTestId('adapt-step-coins-error').waitFor();
    await hr.getByTestId('adapt-step-coins').fill('10');
    await hr.getByTestId('adapt-step-save').click();
    await hr.getByTestId('adapt-scenario-stage-0-0').getByText('Welcome coins').waitFor();
    await hr.getByTestId('adapt-step-stage').selectOption({ index: 1 });
    await hr.getByTestId('adapt-step-type').selectOption('task');
    await hr.getByTestId('adapt-step-name').fill('Meet the team');
    await hr.getByTestId('adapt-step-days').fill('7');
    await hr.getByTestId('adapt-step-save').click();
    await hr.getByTestId('adapt-scenario-stage-1-0').getByText('Meet the team').waitFor();

    // The track is started from the list (a new track is not running).
    await hr.getByRole('link', { name: 'Back to adaptation' }).click();
    await hr.getByTestId(`adapt-active-${trackId}`).check();
    // The server's answer: the track's state is running.
    await hr.getByTestId('adapt-track-Onboarding').getByText('Running', { exact: true }).waitFor();
    assert.equal(await hr.getByTestId(`adapt-active-${trackId}`).isChecked(), true);
    await hr.getByTestId(`adapt-track-link-${trackId}`).click();

    // Participants tab: §5 first — the mentor cannot be missing —, then Nia starting today with Max as mentor.
    await hr.getByTestId('tab-participants').click();
    await pick(hr, 'adapt-add-user', 'Nia', nia._id);
    await hr.getByTestId('adapt-add-submit').click();
    await hr.getByTestId('adapt-add-mentor-error').waitFor();
    await pick(hr, 'adapt-add-mentor', 'Max', max._id);
    await hr.getByTestId('adapt-add-submit').click();
    await hr.getByTestId(`adapt-member-${nia._id}`).waitFor();

    // The newcomer opens their adaptation: the reward step opens on the start date (today) and is finished.
    const newcomer = await signIn('nia@adaptweb.test', 'employee1');
    await newcomer.goto('/adaptation');
    await newcomer.locator('[data-testid^="adapt-open-newcomer-"]').first().click();
    await newcomer.waitForURL(/\/adaptation\/user\/[0-9a-f-]{36}\?as=newcomer$/);
    const adaptId = new URL(newcomer.url()).pathname.split('/').pop()!;
    await newcomer.getByTestId('adapt-stage-0').waitFor();
    assert.equal(await newcomer.getByTestId('adapt-stage-1').getAttribute('data-state'), 'coming');
    const finish = newcomer.locator('[data-testid^="adapt-finish-"]').first();
    // Opening goes through the job queue: the step opens live (its event refreshes the page).
    await finish.waitFor({ timeout: 60_000 });
    assert.match((await finish.textContent()) ?? '', /Get 10 coins/);
    await finish.click();
    await newcomer.waitForFunction(() => document.querySelector('[data-testid="adapt-stage-0"]')?.getAttribute('data-state') === 'done');
    // The coins are in the shop balance: the user menu's widget and the shop's balance tab.
    await newcomer.waitForFunction(() => document.querySelector('[data-testid="shop-balance-menu-amount"]')?.textContent === '10', undefined, {
      timeout: 30_000,
    });
    await newcomer.goto('/shop');
    await newcomer.getByTestId('tab-balance').click();
    await newcomer.waitForFunction(() => document.querySelector('[data-testid="shop-balance-amount"]')?.textContent === '10', undefined, { timeout: 30_000 });

    // The mentor sees the progress: 1 of 2 steps on /adaptation and on the journey, also at phone width.
    const mentor = await signIn('max@adaptweb.test', 'employee1');
    await mentor.goto('/adaptation');
    const progress = mentor.getByTestId(`adapt-mine-progress-${adaptId}`);
    await progress.waitFor();
    assert.equal(await progress.getAttribute('aria-valuenow'), '50');
    await mentor.getByTestId(`adapt-open-mentor-${adaptId}`).click();
    await mentor.getByTestId('adapt-journey').waitFor();
    assert.equal(await mentor.getByTestId('adapt-journey-progress').getAttribute('aria-valuenow'), '50');
    assert.deepEqual(await seriousViolations(mentor), []);
    await mentor.setViewportSize({ width: 390, height: 800 });
    await mentor.getByTestId('adapt-journey').waitFor();
    const wide = await overflow(mentor);
    assert.ok(wide.over <= 0, `the journey scrolls sideways at 390 px: ${wide.culprits.join(', ')}`);

    // HR sees the same progress in the participants tab.
    await hr.goto(`/adaptation/${trackId}?tab=participants`);
    await hr.waitForFunction((id) => document.querySelector(`[data-testid="adapt-member-progress-${id}"]`)?.getAttribute('aria-valuenow') === '50', adaptId);
    assert.deepEqual(await seriousViolations(hr), []);
    // Phone width: the participants tab and the track list keep their tables inside the screen.
    await hr.setViewportSize({ width: 390, height: 800 });
    for (const path of [`/adaptation/${trackId}?tab=participants`, '/adaptation']) {
      await hr.goto(path);
      await hr.getByTestId(path === '/adaptation' ? 'adapt-tracks' : `adapt-member-${nia._id}`).waitFor();
      const o = await overflow(hr);
      assert.ok(o.over <= 0, `${path} scrolls sideways at 390 px: ${o.culprits.join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });
});
